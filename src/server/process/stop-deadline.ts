import { Worker } from "node:worker_threads";

/** How long past the grace period a stop may take before the process is ended regardless. */
export const STOP_DEADLINE_SLACK_MS = 5_000;

/**
 * Ends this process `ms` from now unless it has exited by then, whatever holds the stop: a
 * background task that never settles, or a main thread stuck in a synchronous loop (as pino's
 * flush at exit once was against a pipe with no reader), which runs no timer of its own. So
 * the deadline is kept by a thread of its own, which sends the process SIGKILL: nothing it
 * could still do is worth a process that never ends and holds its port and memory. The thread
 * does not keep the process alive.
 */
export function armStopDeadline(ms: number): void {
  const deadline = new Worker(
    `const { workerData } = require("node:worker_threads");
     setTimeout(() => process.kill(workerData.pid, "SIGKILL"), workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  deadline.unref();
}
