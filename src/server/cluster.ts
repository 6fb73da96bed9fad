import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** Tells a worker its place: slot 0 starts first and takes the scheduled backups. */
const SLOT_VARIABLE = "HED_WORKER_SLOT";

/** What a worker sends its primary once it serves requests. */
const READY = "ready";

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
export async function superviseWorkers(count: number, logger: Logger): Promise<void> {
  let isStopping = false;
  const live = new Set<Worker>();

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
          if (live.size === 0) process.exit(0);
          return;
        }
        if (!isReady) {
          stopAll();
          process.exit(code || 1);
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
    isStopping = true;
    if (live.size === 0) process.exit(0);
    stopAll();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await fork(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, index) => fork(index + 1)));
  if (!isStopping) logger.info({ workers: count }, "workers ready");
}
