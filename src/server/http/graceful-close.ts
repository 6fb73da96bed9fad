import type { Server } from "node:http";

/** How often connections that went idle while draining are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and lets requests in flight finish. Keep-alive connections
 * are closed as soon as they are idle, so they cannot hold the stop; whatever still runs after
 * `graceMs` (or after `hurry()`) is cut. `closed` resolves with whether anything was cut.
 */
export function closeGracefully(server: Server, graceMs: number) {
  let cut = false;
  const cutAll = () => {
    cut = true;
    server.closeAllConnections();
  };
  let deadline: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined;
  const closed = new Promise<boolean>((resolve) => {
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve(cut);
    });
    server.closeIdleConnections();
    idle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    deadline = setTimeout(cutAll, graceMs);
  });
  return { closed, hurry: cutAll };
}
