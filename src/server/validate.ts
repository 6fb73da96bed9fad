import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { issueMessage } from "../shared/i18n/message";
import { AppError } from "./errors";

/**
 * zod validation for a route; the first problem becomes a 400 with its message. A path
 * parameter that fails its schema names nothing that exists, so it is a 404 instead.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError(
        target === "param" ? "NOT_FOUND" : "VALIDATION",
        issueMessage(result.error.issues[0]),
      );
    }
  });
}
