import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/roles";
import type { AppEnv, SignedInEnv } from "../http/context";
import { AppError } from "../http/errors";
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

/** 401 for anonymous callers; afterwards `c.var.user` is always set. */
export const requireUser = createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError("UNAUTHENTICATED", "common:error.signInRequired");
  await next();
});

/** 401 for anonymous callers, 403 for a signed-in user whose role is not listed. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) throw new AppError("UNAUTHENTICATED", "common:error.signInRequired");
    if (!roles.includes(user.role)) {
      throw new AppError("FORBIDDEN", "common:error.forbidden");
    }
    await next();
  });
}
