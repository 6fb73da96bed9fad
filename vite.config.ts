/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "src/web",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
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
