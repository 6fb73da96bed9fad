// Where a signed-out visitor was going, kept for this tab while they sign in (sessionStorage:
// /auth's address stays plain, and another tab's sign-in is not sent there).
const KEY = "hed.returnPath";

/** Keeps `path` (an address inside the app) to return to after signing in. */
export function rememberReturnPath(path: string): void {
  try {
    if (path !== "/" && path !== "/dashboard") sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (a private window): signing in lands on the dashboard, as it would.
  }
}

/** The kept address, once: only a path of this app, never another site. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : null;
  } catch {
    return null;
  }
}

/** Drops the kept address. */
export function forgetReturnPath(): void {
  takeReturnPath();
}
