import { z } from "zod";

export type TextKind = "line" | "multiline";

/**
 * C0 controls, DEL and C1 controls. PostgreSQL refuses NUL in text outright (the request
 * would fail with a server error); the others corrupt lists, exports and the iCalendar feed.
 * Multi-line fields keep tab, line feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Half of a UTF-16 surrogate pair on its own: not a character at all. The database driver
 * would silently store U+FFFD instead, so what was sent would not be what was kept.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const TEXT_MESSAGES = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  brokenCharacters: (field: string) => `${field} must not contain broken characters`,
} as const;

/** The message for the first problem in `text`, or null when it may be stored as it is. */
export function textProblem(text: string, field: string, kind: TextKind = "line"): string | null {
  const control = kind === "line" ? CONTROL_IN_LINE : CONTROL_IN_MULTILINE;
  if (control.test(text)) return TEXT_MESSAGES.controlCharacters(field);
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.brokenCharacters(field);
  return null;
}

/**
 * The rule for every free-text field of a shared schema, as a zod check:
 * `z.string().trim().check(plainText("Subject"))`.
 */
export function plainText(field: string, kind: TextKind = "line") {
  return z.superRefine<string>((value, ctx) => {
    const message = textProblem(value, field, kind);
    if (message) ctx.addIssue({ code: "custom", message, input: value });
  });
}
