import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { admin, username } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { isLanguage, type Language, negotiateLanguage } from "../../shared/i18n/languages";
import type { PasswordRules } from "../../shared/passwords";
import { isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { MailQueue } from "../jobs/queue";
import { linkMail } from "../mail/templates";
import { auditEmailVerified, auditPasswordReset, auditSelfSignUp } from "./account-audit";
import { authLogBridge } from "./auth-log";
import {
  accountAnswers,
  accountInputChecks,
  isSelfSignUp,
  newAccountState,
  refuseWhilePending,
} from "./sign-up";

const ac = createAccessControl(defaultStatements);

/** Every role must be listed, or the admin plugin would accept any role string unchecked. */
const roles = {
  user: ac.newRole(userAc.statements),
  organization_head: ac.newRole(userAc.statements),
  admin: ac.newRole(adminAc.statements),
};

/**
 * The language of a mail: the account's saved one; the language of the request that caused
 * the mail when the row has none. (The library types `user` without our additional fields.)
 */
function mailLanguage(user: object, request: Request | undefined): Language {
  if ("language" in user && isLanguage(user.language)) return user.language;
  return negotiateLanguage(request?.headers.get("accept-language"));
}

export type AuthDeps = {
  db: Db;
  mail: MailQueue;
  logger: Logger;
  appUrl: string;
  secret: string;
  signUpEnabled: boolean;
  /** SIGNUP_ENABLED=approval: self-signed-up accounts also wait for an administrator. */
  signUpApproval: boolean;
  /** PASSWORD_MIN_LENGTH and the common-password list (auth/passwords.ts). */
  passwordRules: PasswordRules;
  /** APP_URL's origin and TRUSTED_ORIGINS: the same list the origin check (http/origin-check.ts) allows. */
  trustedOrigins: string[];
  /** The auth library ended a person's session or changed the person (session cache). */
  onSessionsChanged: (userId: string, action: "updated" | "deleted") => void;
  /**
   * What else a password reset ends, in its transaction: the composition root (app.ts) wires
   * the features that hand out links under the old password (the calendar feed), so auth
   * imports none of them.
   */
  onPasswordReset: (tx: Db, userId: string) => Promise<void>;
  /** When the audit trail says the library's account changes happened. */
  clock: () => Date;
  passwords: PasswordHashing;
  /** Passwords hashed or checked at once by this process (see passwordHashing). */
  hashesAtOnce: number;
};

/** How passwords are hashed and checked. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

/** better-auth's own: scrypt (N=16384, r=16) in node:crypto, off the event loop. */
export const scryptPasswords: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

/**
 * Each scrypt hash or check takes 32 MB, run on libuv's pool of four: a burst of sign-ins held
 * 128 MB more per process. Capped at the cores this process may use, it holds less and signs
 * in as fast, the work being CPU-bound.
 */
function passwordHashing(passwords: PasswordHashing, atOnce: number): PasswordHashing {
  const limit = pLimit(atOnce);
  return {
    hash: (password) => limit(() => passwords.hash(password)),
    verify: (data) => limit(() => passwords.verify(data)),
  };
}

export function createAuth({
  db,
  mail,
  logger,
  appUrl,
  secret,
  signUpEnabled,
  signUpApproval,
  passwordRules,
  trustedOrigins,
  onSessionsChanged,
  onPasswordReset,
  clock,
  passwords,
  hashesAtOnce,
}: AuthDeps) {
  const signInUrl = `${appUrl}/auth`;
  return betterAuth({
    appName: "HED Task Manager",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: !signUpEnabled,
      minPasswordLength: passwordRules.minLength,
      // A self-signed-up account signs in only after following the link mailed to it; sign-up
      // itself opens no session and answers alike for new and taken addresses.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashing(passwords, hashesAtOnce),
      async sendResetPassword({ user, url }, request) {
        if (isPlaceholderEmail(user.email)) return;
        await mail.queue(
          linkMail("passwordReset", user.email, user.name, url, mailLanguage(user, request)),
          { recipientId: user.id },
        );
      },
      // A feed link handed out under the old password stops working.
      async onPasswordReset({ user }) {
        await db.transaction(async (tx) => {
          await onPasswordReset(tx, user.id);
          await auditPasswordReset(tx, clock(), user.id);
        });
      },
      // The owner's language, not the page's the newcomer signed up from.
      async onExistingUserSignUp({ user }, request) {
        await mail.queue(
          linkMail(
            "existingAccount",
            user.email,
            user.name,
            signInUrl,
            mailLanguage(user, request),
          ),
          { recipientId: user.id },
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in with the right password before verification mails a fresh link.
      sendOnSignIn: true,
      async sendVerificationEmail({ user, url }, request) {
        if (isPlaceholderEmail(user.email)) return;
        // Whatever the client asked for, a verified newcomer lands on the sign-in page.
        const link = new URL(url);
        link.searchParams.set("callbackURL", "/auth");
        await mail.queue(
          linkMail(
            "verifyEmail",
            user.email,
            user.name,
            link.toString(),
            mailLanguage(user, request),
          ),
          { recipientId: user.id },
        );
      },
      async afterEmailVerification(user) {
        await db.transaction((tx) => auditEmailVerified(tx, clock(), user.id));
      },
    },
    user: {
      additionalFields: {
        pendingApproval: { type: "boolean", defaultValue: false, input: false, returned: false },
        // Sign-up sends the language the page was in (checked by handler.ts's body schema).
        language: { type: "string", required: false, input: true },
        // Read with the session (CurrentUser); only an administrator's Edit Account sets it.
        receiptIssueDuty: { type: "boolean", defaultValue: false, input: false },
      },
    },
    hooks: { before: accountInputChecks(passwordRules), after: accountAnswers() },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Failed sign-ins are throttled per account and per address by our handler
    // (auth/throttle.ts, docs/decisions/006); the library's own limiter would count successes too.
    rateLimit: { enabled: false },
    logger: authLogBridge(logger),
    // Sign-out and password reset delete sessions; e-mail verification updates the user.
    // The library writes its rows without a transaction of ours (the adapter's `transaction`
    // is off: on PGlite a transaction holds the one connection, and these hooks and the mail
    // queue use `db` meanwhile), so the audit record of a sign-up, a verification or a reset
    // is written in its own transaction just after the library's write (docs/decisions/017).
    databaseHooks: {
      session: {
        create: { before: async (session) => refuseWhilePending(db, session.userId) },
        delete: { after: async (session) => onSessionsChanged(session.userId, "deleted") },
      },
      user: {
        create: {
          before: async (newUser, context) => ({
            data: { ...newUser, ...newAccountState(context?.path, signUpApproval) },
          }),
          // Accounts an administrator creates are recorded by our own transaction (users/service.ts).
          after: async (created, context) => {
            if (isSelfSignUp(context?.path))
              await db.transaction((tx) => auditSelfSignUp(tx, clock(), created.id));
          },
        },
        update: { after: async (user) => onSessionsChanged(user.id, "updated") },
      },
    },
    // One query for a session and its user (the relations in db/schema.ts) on every request.
    advanced: { database: { joins: true } },
    plugins: [username(), admin({ ac, roles, defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
