import { usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth is mounted on our own origin at /api/auth; the session lives in an httpOnly cookie. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [usernameClient()],
});
