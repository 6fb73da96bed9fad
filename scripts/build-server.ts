// The server as it ships: one ES module bundling src/server (node_modules stay imports), run
// with plain node. Run with: npm run build:server (npm run build does it too).
import { rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./app-server";

/**
 * Bundles the server into `outfile`, which must sit inside the checkout: its packages are
 * resolved from node_modules above it, and the server finds its migrations and web app from
 * the package.json above it (src/server/process/project-root.ts).
 */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  // The last build's chunks are named by their hashes: nothing would replace them.
  await rm(join(dirname(outfile), "chunks"), { recursive: true, force: true });
  await build({
    entryPoints: { [basename(outfile, ".mjs")]: "src/server/main.ts" },
    outdir: dirname(outfile),
    outExtension: { ".js": ".mjs" },
    // What only some servers load (the S3 driver and its SDK) stays a chunk of its own,
    // imported when STORAGE_URL names a bucket: the others start without it.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    // A stack trace from the bundle maps back to src/ under node --enable-source-maps.
    sourcemap: true,
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
