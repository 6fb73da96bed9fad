import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { Logger } from "pino";
import { placeholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import type { Auth } from "./auth";

export const BOOTSTRAP_ADMIN = { userId: "admin", fullName: "Administrator" } as const;

/**
 * On an empty database, creates the first administrator (User ID `admin`). The password is
 * ADMIN_PASSWORD, or a generated one printed once. Never touches an existing database.
 */
export async function bootstrapAdmin(options: {
  db: Db;
  auth: Auth;
  logger: Logger;
  password?: string;
}): Promise<boolean> {
  const { db, auth, logger } = options;
  const [{ users }] = await db.select({ users: count() }).from(user);
  if (users > 0) return false;

  const password = options.password ?? randomBytes(12).toString("base64url");
  await auth.api.createUser({
    body: {
      email: placeholderEmail(BOOTSTRAP_ADMIN.userId),
      password,
      name: BOOTSTRAP_ADMIN.fullName,
      role: "admin",
      data: { username: BOOTSTRAP_ADMIN.userId, displayUsername: BOOTSTRAP_ADMIN.userId },
    },
  });
  if (options.password) {
    logger.info({ userId: BOOTSTRAP_ADMIN.userId }, "administrator created with ADMIN_PASSWORD");
  } else {
    logger.warn(
      `administrator created: User ID "${BOOTSTRAP_ADMIN.userId}", password "${password}" (shown once; change it after signing in)`,
    );
  }
  return true;
}
