import type { Hono } from "hono";
import { AUTH_MESSAGES } from "../../shared/auth";
import type { AppEnv } from "../env";
import type { Auth } from "./auth";
import type { SignInThrottle } from "./throttle";

/**
 * The auth library's endpoints the web app uses. Everything else it offers over HTTP
 * (its admin endpoints, account updates, impersonation) stays closed: user management
 * goes through our own routes, which apply our rules (last admin, self-deletion, hand-over).
 */
const OPEN_AUTH_ENDPOINTS = new Set([
  "POST /sign-in/email",
  "POST /sign-in/username",
  "POST /sign-up/email",
  "POST /sign-out",
  "GET /get-session",
  "POST /request-password-reset",
  "POST /reset-password",
  "GET /reset-password/:token",
  "GET /verify-email",
]);

function endpointKey(method: string, path: string): string {
  const route = path
    .replace(/^\/api\/auth/, "")
    .replace(/^\/reset-password\/[^/]+$/, "/reset-password/:token");
  return `${method} ${route}`;
}

async function signInIdentifier(request: Request): Promise<string | null> {
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const identifier = body?.email ?? body?.username;
  return typeof identifier === "string" && identifier.trim()
    ? identifier.trim().toLowerCase()
    : null;
}

export function mountAuth(app: Hono<AppEnv>, auth: Auth, throttle: SignInThrottle) {
  app.post("/api/auth/sign-in/*", async (c, next) => {
    const identifier = await signInIdentifier(c.req.raw);
    if (!identifier) return next();
    if (await throttle.isLocked(identifier)) {
      c.var.logger.warn({ identifier }, "sign-in refused: identifier locked");
      return c.json({ code: "TOO_MANY_ATTEMPTS", message: AUTH_MESSAGES.tooManyAttempts }, 429);
    }
    await next();
    if (c.res.status === 401) await throttle.recordFailure(identifier);
    else if (c.res.ok) await throttle.clear(identifier);
  });

  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    if (!OPEN_AUTH_ENDPOINTS.has(endpointKey(c.req.method, c.req.path))) {
      return c.json({ code: "NOT_FOUND", message: "Not found" }, 404);
    }
    return auth.handler(c.req.raw);
  });
}
