import { availableParallelism } from "node:os";
import { Cron } from "croner";
import { z } from "zod/mini";
import "./zod-english";
import { isValidTimeZone } from "../shared/dates";
import { parseStorageUrl, type StorageLocation } from "./storage-url";

const booleanFlag = z.pipe(
  z.enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" }),
  z.transform((value) => value === "true" || value === "1" || value === "yes"),
);

/** SIGNUP_ENABLED: open sign-up, none, or sign-up that waits for an administrator's approval. */
const signUpSetting = z.pipe(
  z.enum(["true", "false", "1", "0", "yes", "no", "approval"], {
    message: "must be true, false or approval",
  }),
  z.transform((value) =>
    value === "approval"
      ? ("approval" as const)
      : value === "true" || value === "1" || value === "yes"
        ? ("open" as const)
        : ("closed" as const),
  ),
);

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** A whole number from `min` to `max`, each bound named in its message. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number()
    .check(
      z.int("must be a whole number"),
      z.gte(min, `must be at least ${min}`),
      z.lte(max, `must be at most ${max}`),
    );

const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value?.trim() ? value.trim() : undefined)),
);

const configSchema = z.pipe(
  z.object({
    NODE_ENV: z._default(z.enum(["development", "production", "test"]), "development"),
    PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 3000),
    HOST: z._default(z.string(), "0.0.0.0"),
    DATA_DIR: z._default(z.string().check(z.minLength(1)), "./data"),
    DATABASE_URL: z.pipe(
      optionalText,
      z.optional(z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" })),
    ),
    APP_URL: z.pipe(optionalText, z.optional(z.url({ protocol: /^https?$/ }))),
    APP_TIMEZONE: z
      ._default(z.string(), "Asia/Karachi")
      .check(z.refine(isValidTimeZone, "must be an IANA time zone such as Asia/Karachi")),
    AUTH_SECRET: z.pipe(
      optionalText,
      z.optional(z.string().check(z.minLength(32, "must be at least 32 characters long"))),
    ),
    SMTP_URL: z.pipe(
      optionalText,
      z.optional(z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" })),
    ),
    MAIL_FROM: z._default(z.string(), "HED Task Manager <no-reply@localhost>"),
    ADMIN_PASSWORD: z.pipe(
      optionalText,
      z.optional(z.string().check(z.minLength(8, "must be at least 8 characters long"))),
    ),
    SIGNUP_ENABLED: z._default(signUpSetting, "open"),
    TRUSTED_ORIGINS: z.pipe(
      z.pipe(
        z._default(z.string(), ""),
        z.transform((value) =>
          value
            .split(",")
            .map((origin) => origin.trim().replace(/\/+$/, ""))
            .filter(Boolean),
        ),
      ),
      z.array(
        z.url({
          protocol: /^https?$/,
          message: "must be a comma-separated list of http:// or https:// origins",
        }),
      ),
    ),
    TRUST_PROXY: z._default(booleanFlag, false),
    PASSWORD_MIN_LENGTH: z._default(wholeNumber(6, 64), 6),
    SHUTDOWN_GRACE_SECONDS: z._default(z.coerce.number().check(z.gte(0), z.lte(600)), 10),
    BACKUP_DIR: z._default(z.string().check(z.minLength(1)), "./backups"),
    BACKUP_SCHEDULE: z.pipe(
      optionalText,
      z.optional(
        z.string().check(z.refine(isCronPattern, "must be a cron pattern such as '0 2 * * *'")),
      ),
    ),
    BACKUP_KEEP: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 7),
    STORAGE_URL: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    WORKERS: z.optional(wholeNumber(1, 64)),
    WEB_DIR: optionalText,
    LOG_LEVEL: z._default(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
      "info",
    ),
  }),
  z.transform((env) => ({
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
    /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket (STORAGE_URL). */
    storage: parseStorageUrl(env.STORAGE_URL, env.DATA_DIR),
    /** The S3 store's keys, both or neither (loadConfig); unset, the AWS SDK finds its own. */
    s3Credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    logLevel: env.LOG_LEVEL,
    webDir: env.WEB_DIR,
    /**
     * Server processes sharing the port: by default one per core on PostgreSQL, and always
     * one on the embedded database, which one process holds.
     */
    workers: env.WORKERS ?? (env.DATABASE_URL ? availableParallelism() : 1),
  })),
);

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = Omit<ParsedConfig, "storage"> & { storage: StorageLocation };

export class ConfigError extends Error {}

/** Parses the environment once; the first bad variable becomes a one-line message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) {
    const { storage, ...config } = result.data;
    if (config.workers > 1 && !config.databaseUrl) {
      throw new ConfigError(
        "Invalid WORKERS: more than 1 needs DATABASE_URL (the embedded database is one process's)",
      );
    }
    if ("error" in storage) throw new ConfigError(`Invalid STORAGE_URL: ${storage.error}`);
    if (!env.S3_ACCESS_KEY_ID?.trim() !== !env.S3_SECRET_ACCESS_KEY?.trim())
      throw new ConfigError("Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and it go together");
    return { ...config, storage };
  }
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? "configuration");
  throw new ConfigError(`Invalid ${variable}: ${issue.message}`);
}
