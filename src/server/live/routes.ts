import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Auth } from "../auth/auth";
import { findSession } from "../auth/current-user";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { requireUser } from "../http/guards";
import type { ChangeChannel } from "./channel";
import { createLiveHub } from "./hub";

/** GET /api/live: Server-Sent Events of the changes the signed-in holder may hear of (hub.ts). */
export function liveRoutes(deps: { channel: ChangeChannel; auth: Auth; shutdown?: AbortSignal }) {
  const hub = createLiveHub({ channel: deps.channel, shutdown: deps.shutdown });
  return new Hono<AppEnv>().get("/", requireUser, async (c) => {
    const headers = c.req.raw.headers;
    // Straight from the auth library, not the session cache: the stream outlives any cached
    // answer, so it keeps the session's expiry and asks again whenever the person changes.
    const lookup = () => findSession(deps.auth, headers);
    const session = await lookup();
    if (!session) throw new AppError("UNAUTHENTICATED", "common:error.signInRequired");
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const live = hub.open({
        holder: session.user,
        expiresAt: session.expiresAt,
        currentHolder: async () => (await lookup())?.user ?? null,
        sink: { write: (text) => stream.write(text) },
      });
      stream.onAbort(() => live.end());
      await live.done;
    });
  });
}
