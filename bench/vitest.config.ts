import { defineConfig } from "vitest/config";

// The bench's own small run (npm run test:bench): alone, so its load does not slow other tests.
export default defineConfig({
  test: {
    include: ["bench/**/*.test.ts"],
    environment: "node",
    testTimeout: 600_000,
  },
});
