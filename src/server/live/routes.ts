import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { LiveEvent } from "../../shared/live";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../env";
import type { ChangeChannel } from "./channel";

const HEARTBEAT_MS = 20_000;

/** GET /api/live: Server-Sent Events of changes for signed-in clients. */
export function liveRoutes(channel: ChangeChannel) {
  return new Hono<AppEnv>().get("/", requireUser, (c) => {
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const queue: LiveEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = channel.subscribe((event) => {
        if (event.entity === "session") return; // for instances only
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // Reconnect quickly after a restart; the browser's EventSource does the rest.
      await stream.writeSSE({ event: "ready", data: "{}", retry: 1000 });
      while (!stream.aborted) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ event: "change", data: JSON.stringify(event) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HEARTBEAT_MS);
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.write(": heartbeat\n\n");
      }
      unsubscribe();
    });
  });
}
