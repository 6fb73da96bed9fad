import { usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import i18next from "i18next";

/** better-auth is mounted on our own origin at /api/auth; the session lives in an httpOnly cookie. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  // Our handler's messages (the sign-in lockout among them) come in the pages' language.
  fetchOptions: {
    onRequest: (context) => {
      context.headers.set("Accept-Language", i18next.language);
    },
  },
  plugins: [usernameClient()],
});
