import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import { en, ur } from "zod/locales";
import type { z } from "zod/mini";
import type { Language } from "../../shared/i18n/languages";
import { issueMessage } from "../../shared/i18n/message";
import type { AppEnv } from "./context";
import { AppError } from "./errors";
import { languageOf } from "./language";
import "../zod-english";

/** zod's own words, for the shapes our schemas give no message of their own. */
const ZOD_LOCALES: Record<Language, typeof en> = { en, ur };

/**
 * zod validation for a route; the first problem becomes a 400 with its message. A path
 * parameter that fails its schema names nothing that exists, so it is a 404 instead.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, async (result, c) => {
    if (result.success) return;
    let [issue] = result.error.issues;
    // The validator is typed for any app; ours runs behind the session middleware (AppEnv).
    const language = languageOf(c as unknown as Context<AppEnv>);
    if (language !== "en") {
      // Our schemas' messages are catalog keys, translated by the error handler; only zod's
      // defaults (shapes no form sends) are in English, so the input is read again with zod's
      // own locale for the caller. Schema messages take precedence over a per-parse map.
      const again = await schema.safeParseAsync(result.data, {
        error: ZOD_LOCALES[language]().localeError,
      });
      issue = again.error?.issues[0] ?? issue;
    }
    throw new AppError(target === "param" ? "NOT_FOUND" : "VALIDATION", issueMessage(issue));
  });
}
