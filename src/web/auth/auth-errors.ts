import { AUTH_MESSAGES } from "../../shared/auth";

/** better-auth's client `error`: the response body spread out, plus the HTTP status. */
export interface AuthClientError {
  status: number;
  statusText?: string;
  message?: string;
  error?: { message?: string };
}

/** Our server answers `{ error: { message } }`; better-auth's own endpoints answer `{ message }`. */
function serverMessage(error: AuthClientError): string | undefined {
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
  return serverMessage(error) ?? error.statusText ?? `Request failed (${error.status})`;
}
