/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.js";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "src/web",
  plugins: [react(), precompress()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // Everything the first screen needs statically comes as one file, not some thirty: on a
    // slow link each request waits its round trip and six at most travel at once, and Lighthouse
    // read /auth's first paint 0.9 s sooner (issue 32, docs/PERFORMANCE.md). Route chunks stay
    // as Rolldown splits them.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "start", tags: ["$initial"] }] },
      },
    },
    // That file is about 530 KB before compression (142 KB as brotli), over Vite's 500 KB hint.
    chunkSizeWarningLimit: 600,
  },
  // Urdu's dayjs locale is imported only when Urdu is shown; prebundled up front, the dev
  // server does not reload the page the first time someone switches.
  optimizeDeps: { include: ["dayjs/locale/ur"] },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
  test: {
    // Vite's root is the web app; tests live across the whole repository.
    root: repoRoot,
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/migrated-image.ts"],
    // Vitest leaves a core to itself by default: one test file at a time on two cores. The
    // files wait on servers, timers and the database as much as they compute.
    maxWorkers: availableParallelism(),
    // A worker's test files share its modules: each file importing the server afresh (and
    // compiling PGlite's WebAssembly again) was two fifths of the suite's CPU (decision 026).
    // The files share no state but globals, which a test that stubs one takes back after.
    isolate: false,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
