import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { exitAfterLog } from "../logging/logger";
import { armStopDeadline } from "./stop-deadline";

/** Tells a worker its place: slot 0 starts first and takes the scheduled backups. */
const SLOT_VARIABLE = "HED_WORKER_SLOT";

/** What a worker sends its primary once it serves requests. */
const READY = "ready";

/**
 * V8's heap settings for each worker, unless NODE_OPTIONS or node's own flags name them.
 *
 * On a machine with gigabytes free V8 sizes the heap for it: the old generation may grow to
 * four times what survived its last full collection before it collects again. Under the bench
 * a worker held about 50 MB live while its old generation grew to 90 MB and more of garbage,
 * with the Excel export's spent buffers (33 MB) waiting for the same collection. A 512 MB
 * ceiling makes V8 grow the old generation by about 1.4 times instead (docs/PERFORMANCE.md,
 * issue 19). The ceiling is ten times what a worker holds live, the export of every task
 * included: it streams, and at 1,000,000 tasks its worker's old generation stayed under 56 MB.
 * A smaller young generation (`--max-semi-space-size=8`) saved 10 MB more but cost case 1
 * about a tenth of its requests.
 */
const WORKER_HEAP_FLAGS = ["--max-old-space-size=512"];

/** The node flags for a worker: this process's, then each heap flag not already set by hand. */
export function workerExecArgv(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const isGiven = (flag: string) => {
    const name = flag.split("=")[0];
    // V8 takes its flags with dashes or underscores alike.
    return given.some((arg) => arg.split("=")[0].replaceAll("_", "-") === name);
  };
  return [...execArgv, ...WORKER_HEAP_FLAGS.filter((flag) => !isGiven(flag))];
}

/** This process's worker slot, or null when it is not a worker of a cluster. */
export function workerSlot(): number | null {
  return cluster.isWorker ? Number(process.env[SLOT_VARIABLE]) : null;
}

/** Called by a worker when its start is done. */
export function reportReady(): void {
  process.send?.(READY);
}

/**
 * The primary of WORKERS server processes sharing one port (node:cluster hands each new
 * connection to the next worker). It serves nothing itself: it starts the workers, starts
 * again one that dies, and passes a stop signal on.
 *
 * Slot 0 starts alone and the others only once it is ready: it migrates the database and
 * makes the first administrator, which two processes at once would race. A worker that fails
 * before it was ever ready (a port in use, a database out of reach) stops the whole start
 * with its exit code: its own message is already on stderr.
 */
export async function superviseWorkers(
  count: number,
  logger: Logger,
  stopDeadlineMs: number,
): Promise<void> {
  let isStopping = false;
  let exitCode = 0;
  const live = new Set<Worker>();
  cluster.setupPrimary({ execArgv: workerExecArgv() });

  function fork(slot: number): Promise<void> {
    // A stop signal during the start: no more workers.
    if (isStopping) return Promise.resolve();
    const worker = cluster.fork({ [SLOT_VARIABLE]: String(slot) });
    live.add(worker);
    return new Promise((resolve) => {
      let isReady = false;
      worker.on("message", (message) => {
        if (message !== READY || isReady) return;
        isReady = true;
        resolve();
      });
      worker.once("exit", (code, signal) => {
        live.delete(worker);
        if (isStopping) {
          if (live.size === 0) void exitAfterLog(logger, exitCode);
          return;
        }
        if (!isReady) {
          // The whole start fails with this worker's code, once the others have stopped.
          isStopping = true;
          exitCode = code || 1;
          if (live.size === 0) void exitAfterLog(logger, exitCode);
          else stopAll();
          return;
        }
        logger.error({ slot, code, signal }, "worker died: starting another");
        void fork(slot);
      });
    });
  }

  function stopAll() {
    for (const worker of live) worker.process.kill("SIGTERM");
  }

  // A second signal reaches the workers as their second too: they cut what is still running.
  const stop = () => {
    if (!isStopping) armStopDeadline(stopDeadlineMs);
    isStopping = true;
    if (live.size === 0) void exitAfterLog(logger, exitCode);
    stopAll();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await fork(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, index) => fork(index + 1)));
  if (!isStopping) logger.info({ workers: count }, "workers ready");
}
