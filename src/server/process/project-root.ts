import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root: the nearest folder above this module holding package.json. The server
 * runs from its sources (src/server/…, under tsx) and from its bundle (dist/server/main.mjs),
 * at different depths; the files it ships with (migrations, the web app, package.json) are
 * found from here in both.
 */
function findProjectRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error("package.json not found above the server");
  }
}

export const projectRoot = findProjectRoot();
