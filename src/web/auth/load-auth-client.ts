import type { authClient } from "./client";

/**
 * better-auth's client (about 12 kB gzip) is fetched on first use, not with the page, so the
 * sign-in screen stays under its 200 kB JavaScript budget. Import it only through here.
 */
export async function loadAuthClient(): Promise<typeof authClient> {
  return (await import("./client")).authClient;
}
