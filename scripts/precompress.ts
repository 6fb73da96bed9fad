import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import type { Plugin } from "vite";
// ".js" (TypeScript maps it to the .ts file): Vite warns of every extensionless relative import
// its config reaches, since the native config loader it plans as the default will refuse them.
import {
  type ContentEncoding,
  compressBytes,
  isWorthSending,
} from "../src/server/http/compression.js";

/**
 * Text the server sends as is and a browser fetches on every cold load. Fonts (woff/woff2) and
 * images are compressed formats already: another pass saves nothing.
 */
const COMPRESSIBLE_EXTENSIONS = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt"]);
const SUFFIX: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the built web app, at the highest
 * levels: done once per build rather than per request, so the server (serveStatic's
 * `precompressed`, src/server/http/web-app.ts) sends the smallest bytes at no cost. A copy that saves
 * under a tenth is not written, and the file goes plain.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "hed:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the files are on disk, so index.html (written by Vite's HTML plugin) is there too.
    async writeBundle(options) {
      await precompressDir(options.dir ?? outDir);
    },
  };
}

/** Compresses every text file under `dir`; answers how many copies it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  const names = await readdir(dir, { recursive: true });
  const files = names.filter((name) => COMPRESSIBLE_EXTENSIONS.has(extname(name)));
  // All at once: zlib's async calls queue on libuv's thread pool, which bounds the parallelism.
  const written = await Promise.all(
    files.map(async (name) => {
      const path = join(dir, name);
      const original = await readFile(path);
      const copies = await Promise.all(
        (["br", "gzip"] as const).map(async (encoding) => {
          const compressed = await compressBytes(original, encoding, "static");
          if (!isWorthSending(compressed, original)) return 0;
          await writeFile(path + SUFFIX[encoding], compressed);
          return 1;
        }),
      );
      return copies.reduce<number>((sum, count) => sum + count, 0);
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
}
