import type { Context, Hono } from "hono";
import type { z } from "zod/mini";
import {
  AUTH_MESSAGES,
  noQuery,
  requestPasswordResetBody,
  resetPasswordBody,
  resetPasswordLinkQuery,
  signInEmailBody,
  signInUsernameBody,
  signOutBody,
  signUpEmailBody,
  tooManyAttemptsMessage,
  verifyEmailQuery,
} from "../../shared/auth";
import { issueMessage, type Message } from "../../shared/i18n/message";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { translateFor } from "../http/language";
import type { Auth } from "./auth";
import { clientAddress } from "./client-address";
import type { SignInOutcome, SignInThrottle } from "./throttle";

/** A JSON object body, as the schemas below describe it. */
type Body = Record<string, unknown>;

/** What an open endpoint accepts: a JSON body (POST) or query parameters (GET, mailed links). */
type Accepts =
  | { body: z.ZodMiniType<Body | undefined> }
  | { query: z.ZodMiniType<Record<string, string>> };

/**
 * The auth library's endpoints the web app uses, each with what it accepts. Everything else it
 * offers over HTTP (its admin endpoints, account updates, impersonation) stays closed: user
 * management goes through our own routes, which apply our rules (last admin, self-deletion,
 * hand-over).
 */
const OPEN_AUTH_ENDPOINTS = new Map<string, Accepts>([
  ["POST /sign-in/email", { body: signInEmailBody }],
  ["POST /sign-in/username", { body: signInUsernameBody }],
  ["POST /sign-up/email", { body: signUpEmailBody }],
  ["POST /sign-out", { body: signOutBody }],
  ["GET /get-session", { query: noQuery }],
  ["POST /request-password-reset", { body: requestPasswordResetBody }],
  ["POST /reset-password", { body: resetPasswordBody }],
  ["GET /reset-password/:token", { query: resetPasswordLinkQuery }],
  ["GET /verify-email", { query: verifyEmailQuery }],
]);

/**
 * The library's refusals a person can meet, by its code, in our words. Its other answers carry
 * our own keys (auth/sign-up.ts) or, for calls the web app never makes, its own English.
 */
const LIBRARY_REFUSALS = new Map<string, Message>([
  ["EMAIL_PASSWORD_SIGN_UP_DISABLED", AUTH_MESSAGES.signUpDisabled],
  ["INVALID_TOKEN", AUTH_MESSAGES.resetLinkInvalid],
  ["INVALID_EMAIL_OR_PASSWORD", AUTH_MESSAGES.invalidCredentials],
  ["INVALID_USERNAME_OR_PASSWORD", AUTH_MESSAGES.invalidCredentials],
]);

/** The library's error answer (`{ code, message }`) with its message in the caller's language. */
async function inCallersLanguage(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (response.ok || !response.headers.get("content-type")?.startsWith("application/json")) {
    return response;
  }
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== "object" || body === null || !("message" in body)) return response;
  if (typeof body.message !== "string") return response;
  const code = "code" in body && typeof body.code === "string" ? body.code : "";
  const text = translateFor(c, LIBRARY_REFUSALS.get(code) ?? body.message);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, message: text }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function endpointKey(method: string, path: string): string {
  const route = path
    .replace(/^\/api\/auth/, "")
    .replace(/^\/reset-password\/[^/]+$/, "/reset-password/:token");
  return `${method} ${route}`;
}

function checked<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("VALIDATION", issueMessage(result.error.issues[0]));
  }
  return result.data;
}

/** The body, checked against `schema`; anything else is a 400 the auth library never sees. */
async function readBody(
  c: Context,
  schema: z.ZodMiniType<Body | undefined>,
): Promise<Body | undefined> {
  const text = await c.req.text();
  let json: unknown;
  if (text !== "") {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("application/json")) {
      throw new AppError("VALIDATION", "common:error.bodyNotJson");
    }
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("VALIDATION", "common:error.bodyInvalidJson");
    }
  }
  return checked(schema, json);
}

/** A fresh request carrying exactly the checked body (the original's body is already read). */
function withBody(request: Request, body: Body | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  if (body === undefined) {
    headers.delete("content-type");
    return new Request(request.url, { method: request.method, headers });
  }
  headers.set("content-type", "application/json");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: JSON.stringify(body),
  });
}

/** Which account a sign-in tries: the field the auth library itself reads for the endpoint. */
function signInIdentifier(body: Body | undefined): { email: string } | { username: string } | null {
  if (typeof body?.email === "string") return { email: body.email };
  if (typeof body?.username === "string") return { username: body.username };
  return null;
}

function outcomeOf(response: Response): SignInOutcome {
  if (response.status === 401) return "failure";
  return response.ok ? "success" : "neither";
}

export function mountAuth(
  app: Hono<AppEnv>,
  auth: Auth,
  throttle: SignInThrottle,
  options: { trustProxy: boolean },
) {
  async function signInThrottled(
    c: Context<AppEnv>,
    identifier: { email: string } | { username: string },
    request: Request,
  ): Promise<Response> {
    const address = clientAddress(c, options.trustProxy);
    const account = await throttle.accountKey(identifier);
    const attempt = await throttle.attempt({ account, address }, async () => {
      const response = await auth.handler(request);
      return { result: response, outcome: outcomeOf(response) };
    });
    if (!attempt.isAdmitted) {
      const retryAfterSeconds = Math.ceil(attempt.retryAfterMs / 1000);
      c.var.logger.warn(
        { account, address, retryAfterSeconds },
        "sign-in refused: too many failures",
      );
      c.header("Retry-After", String(retryAfterSeconds));
      throw new AppError("TOO_MANY_REQUESTS", tooManyAttemptsMessage(retryAfterSeconds));
    }
    return inCallersLanguage(c, attempt.result);
  }

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const endpoint = endpointKey(c.req.method, c.req.path);
    const accepts = OPEN_AUTH_ENDPOINTS.get(endpoint);
    if (accepts === undefined) throw new AppError("NOT_FOUND", "common:error.notFound");
    if ("query" in accepts) {
      checked(accepts.query, c.req.query());
      return inCallersLanguage(c, await auth.handler(c.req.raw));
    }

    const body = await readBody(c, accepts.body);
    const request = withBody(c.req.raw, body);
    const identifier = endpoint.startsWith("POST /sign-in/") ? signInIdentifier(body) : null;
    if (identifier) return signInThrottled(c, identifier, request);
    return inCallersLanguage(c, await auth.handler(request));
  });
}
