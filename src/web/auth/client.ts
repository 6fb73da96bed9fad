import { inferAdditionalFields, usernameClient } from "better-auth/client/plugins";
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
  // Sign-up sends the page's language (server: auth/auth.ts's additional user fields).
  plugins: [usernameClient(), inferAdditionalFields({ user: { language: { type: "string" } } })],
});
