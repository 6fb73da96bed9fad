import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { z } from "zod/mini";
import {
  AUTH_MESSAGES,
  resetPasswordInputFor,
  signUpEmailBody,
  signUpInputFor,
} from "../../shared/auth";
import { issueMessage } from "../../shared/i18n/message";
import type { PasswordRules } from "../../shared/passwords";
import type { Db } from "../db/client";
import { user } from "../db/schema";

const SIGN_UP_PATH = "/sign-up/email";

/** `value` as `schema` reads it; a refusal names the first problem. */
function checked<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new APIError("BAD_REQUEST", {
    code: "VALIDATION",
    message: issueMessage(result.error.issues[0]),
  });
}

/**
 * Runs before better-auth's own handling: the sign-up and reset bodies meet the shared
 * rules (password rules, reserved names, the placeholder domain) or nothing happens.
 */
export function accountInputChecks(passwords: PasswordRules) {
  const signUpInput = signUpInputFor(passwords);
  const resetPasswordInput = resetPasswordInputFor(passwords);
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === SIGN_UP_PATH) {
      // The HTTP handler already held the body to this shape (auth/handler.ts); server-side
      // calls of the library meet it here too. A `username` is refused: its uniqueness check
      // would tell who has an account.
      const { name, email, password } = checked(signUpEmailBody, ctx.body);
      checked(signUpInput, { fullName: name, email, password });
    } else if (ctx.path === "/reset-password") {
      checked(resetPasswordInput, ctx.body);
    }
  });
}

/**
 * Runs after better-auth's handling. A sign-up answers the same whether the address was new
 * or taken (the owner of a taken one gets a mail instead), so the answer reveals nothing;
 * a sign-in before verification gets a message that says what to do.
 */
export function accountAnswers() {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (ctx.path === SIGN_UP_PATH && !isAPIError(returned)) return ctx.json({ status: true });
    if (isAPIError(returned) && returned.body?.code === "EMAIL_NOT_VERIFIED") {
      throw new APIError("FORBIDDEN", {
        code: "EMAIL_NOT_VERIFIED",
        message: AUTH_MESSAGES.emailNotVerified,
      });
    }
  });
}

/** Whether the auth library is serving self sign-up (its endpoint's path), not another caller. */
export function isSelfSignUp(path: string | undefined): boolean {
  return path === SIGN_UP_PATH;
}

/**
 * Only self sign-up makes an account that must verify its e-mail (and, with
 * SIGNUP_ENABLED=approval, wait for an administrator); accounts an administrator creates,
 * and the first administrator, are verified from the start.
 */
export function newAccountState(path: string | undefined, signUpApproval: boolean) {
  const isSelf = isSelfSignUp(path);
  return { emailVerified: !isSelf, pendingApproval: isSelf && signUpApproval };
}

/** No session for an account that still waits for approval; checked after the password. */
export async function refuseWhilePending(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ pendingApproval: user.pendingApproval })
    .from(user)
    .where(eq(user.id, userId));
  if (row?.pendingApproval) {
    throw new APIError("FORBIDDEN", {
      code: "PENDING_APPROVAL",
      message: AUTH_MESSAGES.pendingApproval,
    });
  }
}
