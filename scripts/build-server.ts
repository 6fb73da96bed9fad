// The server as it ships: one ES module bundling src/server (node_modules stay imports), run
// with plain node. Run with: npm run build:server (npm run build does it too).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./app-server";

/**
 * Bundles the server into `outfile`, which must sit inside the checkout: its packages are
 * resolved from node_modules above it, and the server finds its migrations and web app from
 * the package.json above it (src/server/process/project-root.ts).
 */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: ["src/server/main.ts"],
    outfile,
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
