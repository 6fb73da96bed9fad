import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { LANGUAGES } from "../../../shared/i18n/languages";
import { ROLES } from "../../../shared/roles";
import { createdAt, oneOf, updatedAt, version } from "./columns";

// better-auth tables (core + username and admin plugins). The user row also carries what
// SPEC.md calls profiles (full_name = name, email) and user_roles (role): see
// docs/decisions/001-profiles-and-roles-on-the-user-row.md.
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    username: text("username").unique(),
    displayUsername: text("display_username"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Signed up while SIGNUP_ENABLED=approval and not yet approved by an administrator. */
    pendingApproval: boolean("pending_approval").notNull().default(false),
    /**
     * The language of the person's pages, mail and API messages; follows them to any browser.
     * Null until chosen (or, in the web app, until the first sign-in, which keeps the page's).
     */
    language: text("language", { enum: LANGUAGES }),
    /** Moved by changes to what Edit Account shows: name, e-mail, role (drizzle/0026). */
    version: version(),
    /**
     * Whether another account has the same name (letter case aside), kept by a trigger
     * (drizzle/0027): lists and exports then show the User ID beside it (displayNameOf).
     */
    nameShared: boolean("name_shared").notNull().default(false),
    /**
     * The Receipt and Issue duty an administrator gives a user (the R&I clerk): they keep the
     * diary and dispatch registers, and nothing else of an administrator's.
     */
    receiptIssueDuty: boolean("receipt_issue_duty").notNull().default(false),
    /**
     * The post the person holds ("Section Officer (General)"), in English and in Urdu, shown
     * beside the name wherever people are listed or picked (issue 36); Urdu pages fall back to
     * the English one.
     */
    designation: text("designation"),
    designationUr: text("designation_ur"),
  },
  (t) => [
    check("user_role_check", oneOf(sql`${t.role}`, ROLES)),
    check("user_language_check", oneOf(sql`${t.language}`, LANGUAGES)),
  ],
);
