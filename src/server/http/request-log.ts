import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./context";

const REDACTED = "[redacted]";

/** Paths whose last part is a bearer secret: anyone who reads it from a log may use it. */
const SECRET_PATHS: { pattern: RegExp; replacement: string }[] = [
  {
    pattern: /^\/api\/auth\/reset-password\/[^/]+/,
    replacement: `/api/auth/reset-password/${REDACTED}`,
  },
  { pattern: /^\/api\/files\/[^/]+/, replacement: `/api/files/${REDACTED}` },
  // Every calendar path but the signed-in /feed is a feed token (with or without .ics).
  {
    pattern: /^\/api\/calendar\/(?!feed$)[^/]+?(\.ics)?$/,
    replacement: `/api/calendar/${REDACTED}$1`,
  },
];

/** Query parameters whose values may be, or carry, a token (callbackURL holds reset links). */
const SECRET_PARAM = /token|secret|password|code|key|sig|callback|url|redirect/i;

/** The request's path and query as the log may show them: tokens replaced. */
export function redactedUrl(url: URL): string {
  let path = url.pathname;
  for (const { pattern, replacement } of SECRET_PATHS) path = path.replace(pattern, replacement);
  const params = [...url.searchParams].map(([name, value]) =>
    SECRET_PARAM.test(name)
      ? `${encodeURIComponent(name)}=${REDACTED}`
      : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  return params.length ? `${path}?${params.join("&")}` : path;
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * One line per request, with its request id (set on the context's logger for the handlers):
 * `info` for the API, `debug` for the web app's files, which would otherwise drown it.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestLogger = logger.child({ requestId: c.get("requestId") });
    c.set("logger", requestLogger);
    await next();
    // At warn or above neither line is written (debug is below info): no URL to parse and redact.
    if (!requestLogger.isLevelEnabled("info")) return;
    const url = new URL(c.req.url);
    requestLogger[isApi(url.pathname) ? "info" : "debug"](
      {
        method: c.req.method,
        path: redactedUrl(url),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  };
}
