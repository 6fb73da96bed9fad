import type { Context, HonoRequest } from "hono";
import { directionOf } from "../../shared/i18n/languages";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { AppEnv } from "../http/context";
import { languageOf } from "../http/language";

/**
 * A link opened in a browser tab (rather than fetched by the app) is a navigation: the
 * browser says so with Sec-Fetch-Dest, or at least asks for HTML first.
 */
export function isBrowserNavigation(req: HonoRequest): boolean {
  const dest = req.header("Sec-Fetch-Dest");
  if (dest) return dest === "document";
  return (req.header("Accept") ?? "").includes("text/html");
}

/** Self-contained: no script, no fetched style, so the strictest policy still renders it. */
export const EXPIRED_LINK_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** The page a dead link opens in a tab, in the request's language (the account's, else the browser's). */
export function expiredLinkPage(c: Context<AppEnv>): string {
  const language = languageOf(c);
  const t = i18n.getFixedT(language, "tasks");
  const text = (
    key: "linkPage.title" | "linkPage.heading" | "linkPage.back" | "file.linkExpired",
  ) => escapeHtml(t(key));
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text("linkPage.title")}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; color: #212529; background: #f8f9fa; }
main { max-width: 28rem; margin: 1rem; padding: 2rem; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; text-align: center; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; }
p { margin: 0 0 1.5rem; }
a { display: inline-block; padding: 0.5rem 1rem; border-radius: 4px; background: #0f723e; color: #fff; text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 2px solid #0f723e; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${text("linkPage.heading")}</h1>
<p>${text("file.linkExpired")}</p>
<a href="/">${text("linkPage.back")}</a>
</main>
</body>
</html>
`;
}
