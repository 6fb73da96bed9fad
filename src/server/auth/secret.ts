import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FILE_MODE, privateDir } from "../process/private-paths";

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
    await privateDir(dataDir);
    await writeFile(file, secret, { mode: PRIVATE_FILE_MODE });
    return secret;
  }
}
