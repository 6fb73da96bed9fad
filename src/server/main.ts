import cluster from "node:cluster";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logging/logger";
import { reportReady, superviseWorkers, workerSlot } from "./process/cluster";
import { STOP_DEADLINE_SLACK_MS } from "./process/stop-deadline";
import { failStart, serve } from "./serve";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) failStart(err.message);
  throw err;
}

const logger = createLogger(config);
const slot = workerSlot();
/** The one process, or the cluster's first worker: it opens the port and takes the backups. */
const isFirst = slot === null || slot === 0;

if (cluster.isPrimary && config.workers > 1) {
  await superviseWorkers(config.workers, logger, config.shutdownGraceMs + STOP_DEADLINE_SLACK_MS);
} else {
  // Ctrl+C reaches the whole process group: a worker waits for its primary's SIGTERM instead.
  if (slot !== null) process.on("SIGINT", () => {});
  await serve({
    config,
    logger: slot === null ? logger : logger.child({ worker: slot }),
    takesBackups: isFirst,
    listensFirst: isFirst,
    stopSignals: slot === null ? ["SIGTERM", "SIGINT"] : ["SIGTERM"],
  });
  if (slot !== null) reportReady();
}
