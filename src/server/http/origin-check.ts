import { createMiddleware } from "hono/factory";
import { message } from "../../shared/i18n/message";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

/** Methods that only read; everything else changes state and must come from the app's pages. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sec-Fetch-Site values that cannot come from another site's page ("none": typed or bookmarked). */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

export type OriginPolicy = {
  /** APP_URL: the address users are told to open. */
  appUrl: string;
  /** TRUSTED_ORIGINS: further origins (already normalized) whose pages may change things. */
  trustedOrigins: readonly string[];
};

/** The origins allowed to send state-changing requests; better-auth gets the same list. */
export function allowedOrigins({ appUrl, trustedOrigins }: OriginPolicy): string[] {
  return [...new Set([new URL(appUrl).origin, ...trustedOrigins])];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests sent by pages of other sites (cross-site request forgery),
 * on every /api route including the auth library's. The browser's Origin header decides;
 * without one, Sec-Fetch-Site, then Referer. A request with none of them is not from a
 * browser page, unless it carries a cookie: then it is refused, since only a browser holds
 * our session cookie and every current browser sends Origin with these methods.
 */
export function originCheck(policy: OriginPolicy) {
  const allowed = new Set(allowedOrigins(policy));
  const { appUrl } = policy;
  const refuse = (openedAt: string | null) =>
    new AppError(
      "FORBIDDEN",
      openedAt
        ? message("common:error.openedElsewhere", { openedAt, appUrl })
        : message("common:error.notFromApp", { appUrl }),
    );

  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (allowed.has(origin)) return next();
      throw refuse(origin === "null" ? null : (originOf(origin) ?? null));
    }
    const site = c.req.header("sec-fetch-site");
    if (site !== undefined) {
      if (OWN_FETCH_SITES.has(site)) return next();
      throw refuse(null);
    }
    const referer = c.req.header("referer");
    if (referer !== undefined) {
      const from = originOf(referer);
      if (from && allowed.has(from)) return next();
      throw refuse(from);
    }
    if (c.req.header("cookie") !== undefined) throw refuse(null);
    return next();
  });
}
