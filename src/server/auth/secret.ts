import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * AUTH_SECRET signs session cookies. Without one, a random secret is made once and kept in
 * DATA_DIR, so sessions survive restarts; several instances must share an AUTH_SECRET.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "auth-secret");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
