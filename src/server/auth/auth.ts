import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, username } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import type { Logger } from "pino";
import { MIN_PASSWORD_LENGTH } from "../../shared/auth";
import { isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail, verifyEmailMail } from "../mail/templates";

const ac = createAccessControl(defaultStatements);

/** Every role must be listed, or the admin plugin would accept any role string unchecked. */
const roles = {
  user: ac.newRole(userAc.statements),
  organization_head: ac.newRole(userAc.statements),
  admin: ac.newRole(adminAc.statements),
};

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  secret: string;
  signUpEnabled: boolean;
  /** The auth library ended a person's session or changed the person (session cache). */
  onSessionsChanged: (userId: string, action: "updated" | "deleted") => void;
};

export function createAuth({
  db,
  mailer,
  logger,
  appUrl,
  secret,
  signUpEnabled,
  onSessionsChanged,
}: AuthDeps) {
  return betterAuth({
    appName: "HED Task Manager",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: !signUpEnabled,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        if (isPlaceholderEmail(user.email)) return;
        await mailer.send(passwordResetMail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      async sendVerificationEmail({ user, url }) {
        if (isPlaceholderEmail(user.email)) return;
        await mailer.send(verifyEmailMail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Failed sign-ins are throttled per identifier by our own middleware (auth/throttle.ts);
    // a per-IP limit would lock out a whole office behind one address.
    rateLimit: { enabled: false },
    logger: {
      log(level, message, ...args) {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    // Sign-out and password reset delete sessions; e-mail verification updates the user.
    databaseHooks: {
      session: {
        delete: { after: async (session) => onSessionsChanged(session.userId, "deleted") },
      },
      user: { update: { after: async (user) => onSessionsChanged(user.id, "updated") } },
    },
    // One query for a session and its user (the relations in db/schema.ts) on every request.
    advanced: { database: { joins: true } },
    plugins: [username(), admin({ ac, roles, defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
