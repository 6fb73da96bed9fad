import { z } from "zod";
import { isValidTimeZone } from "../shared/dates";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

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
    SIGNUP_ENABLED: booleanFlag.default(true),
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
    signUpEnabled: env.SIGNUP_ENABLED,
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
