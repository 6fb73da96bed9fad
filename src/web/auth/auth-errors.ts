import { AUTH_MESSAGES } from "../../shared/auth";
import { message } from "../../shared/i18n/message";

/** better-auth's client `error`: the response body spread out, plus the HTTP status. */
export interface AuthClientError {
  status: number;
  statusText?: string;
  code?: string;
  message?: string;
  error?: { message?: string };
}

/**
 * The auth library's own origin refusals. Our origin check (server/http/origin-check.ts) answers
 * first with a message naming the app's address; this is the fallback should the library's
 * check ever speak instead, so the form never shows a bare "Invalid origin".
 */
const ORIGIN_REFUSALS = new Set(["INVALID_ORIGIN", "MISSING_OR_NULL_ORIGIN"]);

/**
 * Our server answers `{ error: { message } }`; better-auth's own endpoints answer `{ message }`.
 * Either comes in the page's language (the client sends it); what this module returns instead
 * is a catalog key, which the toast translates (ui/notify.ts).
 */
function serverMessage(error: AuthClientError): string | undefined {
  if (error.code && ORIGIN_REFUSALS.has(error.code)) return "auth:untrustedPage";
  return error.error?.message || error.message || undefined;
}

/** Status codes under which better-auth rejects a sign-in for its credentials. */
const CREDENTIAL_FAILURES = new Set([400, 401, 422]);

export function signInErrorMessage(error: AuthClientError): string {
  if (error.status === 429) return serverMessage(error) ?? AUTH_MESSAGES.tooManyAttempts;
  // A malformed identifier reads like a wrong one, so the form never hints which accounts exist.
  if (CREDENTIAL_FAILURES.has(error.status)) return AUTH_MESSAGES.invalidCredentials;
  return serverMessage(error) ?? AUTH_MESSAGES.invalidCredentials;
}

/** SPEC.md section 8: sign-up and reset failures show the auth service's own message. */
export function authErrorMessage(error: AuthClientError): string {
  return (
    serverMessage(error) ??
    error.statusText ??
    message("auth:requestFailed", { status: error.status })
  );
}
