import type { HonoRequest } from "hono";
import { FILE_MESSAGES } from "../../shared/files";

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

export const EXPIRED_LINK_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link expired · Task Manager</title>
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
<h1>Link expired</h1>
<p>${FILE_MESSAGES.linkExpired}</p>
<a href="/">Return to Task Manager</a>
</main>
</body>
</html>
`;
