import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context";
import type { Auth } from "./auth";
import { findSession } from "./current-user";
import type { SessionCache } from "./session-cache";

/**
 * Resolves the cookie session once per request, through the session cache; requests without
 * cookies are anonymous (`user = null`) without a lookup.
 */
export function sessionMiddleware(auth: Auth, cache: SessionCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookie = c.req.header("cookie");
    const user = cookie
      ? await cache.resolve(cookie, () => findSession(auth, c.req.raw.headers))
      : null;
    c.set("user", user);
    await next();
  });
}
