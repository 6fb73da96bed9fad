import { spawn } from "node:child_process";
import { expect, it } from "vitest";

it("ends a process whose main thread never yields once its stop deadline has passed", async () => {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--eval",
      'require("./src/server/process/stop-deadline.ts").armStopDeadline(300); for (;;) {}',
    ],
    { stdio: "ignore" },
  );
  // Should the deadline fail, the test still leaves no spinning process behind.
  const cleanup = setTimeout(() => child.kill("SIGTERM"), 10_000);
  const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  clearTimeout(cleanup);
  expect(exit).toBe("SIGKILL");
  expect(Date.now() - started).toBeLessThan(15_000);
}, 20_000);
