import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/roles";
import type { AppEnv, SignedInEnv } from "./context";
import { AppError } from "./errors";

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
