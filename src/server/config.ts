import { Cron } from "croner";
import { z } from "zod";
import { isValidTimeZone } from "../shared/dates";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** SIGNUP_ENABLED: open sign-up, none, or sign-up that waits for an administrator's approval. */
const signUpSetting = z
  .enum(["true", "false", "1", "0", "yes", "no", "approval"], {
    message: "must be true, false or approval",
  })
  .transform((value) =>
    value === "approval"
      ? ("approval" as const)
      : value === "true" || value === "1" || value === "yes"
        ? ("open" as const)
        : ("closed" as const),
  );

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true });
    return true;
  } catch {
    return false;
  }
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" }).optional(),
    ),
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    APP_TIMEZONE: z
      .string()
      .default("Asia/Karachi")
      .refine(isValidTimeZone, "must be an IANA time zone such as Asia/Karachi"),
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "must be at least 32 characters long").optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    MAIL_FROM: z.string().default("HED Task Manager <no-reply@localhost>"),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, "must be at least 8 characters long").optional(),
    ),
    SIGNUP_ENABLED: signUpSetting.default("open"),
    TRUSTED_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim().replace(/\/+$/, ""))
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url({
            protocol: /^https?$/,
            message: "must be a comma-separated list of http:// or https:// origins",
          }),
        ),
      ),
    TRUST_PROXY: booleanFlag.default(false),
    PASSWORD_MIN_LENGTH: z.coerce
      .number()
      .int("must be a whole number")
      .min(6, "must be at least 6")
      .max(64, "must be at most 64")
      .default(6),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
    BACKUP_DIR: z.string().min(1).default("./backups"),
    BACKUP_SCHEDULE: optionalText.pipe(
      z.string().refine(isCronPattern, "must be a cron pattern such as '0 2 * * *'").optional(),
    ),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    WEB_DIR: optionalText,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    timezone: env.APP_TIMEZONE,
    authSecret: env.AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminPassword: env.ADMIN_PASSWORD,
    signUpEnabled: env.SIGNUP_ENABLED !== "closed",
    /** Self-signed-up accounts wait for an administrator's approval (SIGNUP_ENABLED=approval). */
    signUpApproval: env.SIGNUP_ENABLED === "approval",
    /** Origins besides APP_URL that may send state-changing requests and sign in. */
    trustedOrigins: env.TRUSTED_ORIGINS.map((origin) => new URL(origin).origin),
    /** Take the client's address from X-Forwarded-For (set by a reverse proxy in front). */
    trustProxy: env.TRUST_PROXY,
    passwordMinLength: env.PASSWORD_MIN_LENGTH,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    backupDir: env.BACKUP_DIR,
    backupSchedule: env.BACKUP_SCHEDULE,
    backupKeep: env.BACKUP_KEEP,
    logLevel: env.LOG_LEVEL,
    webDir: env.WEB_DIR,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; the first bad variable becomes a one-line message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? "configuration");
  throw new ConfigError(`Invalid ${variable}: ${issue.message}`);
}
