import { z } from "zod/mini";
import { type Message, type MessageKey, message } from "./i18n/message";

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
  controlCharacters: "common:text.controlCharacters",
  brokenCharacters: "common:text.brokenCharacters",
} as const satisfies Record<string, MessageKey>;

/**
 * A field's name in a message: a catalog key ("tasks:field.subject"), translated where the
 * message is shown. English text (a caller not yet moved to keys) is shown as it is.
 */
export type FieldName = MessageKey | (string & {});

/** The message for the first problem in `text`, or null when it may be stored as it is. */
export function textProblem(
  text: string,
  field: FieldName,
  kind: TextKind = "line",
): Message | null {
  const control = kind === "line" ? CONTROL_IN_LINE : CONTROL_IN_MULTILINE;
  if (control.test(text)) return message(TEXT_MESSAGES.controlCharacters, { field });
  if (LONE_SURROGATE.test(text)) return message(TEXT_MESSAGES.brokenCharacters, { field });
  return null;
}

/**
 * The rule for every free-text field of a shared schema, as a zod check:
 * `z.string().check(z.trim(), plainText("tasks:field.subject"))`. The issue's message is a
 * message key naming the field (shared/i18n/message.ts).
 */
export function plainText(field: FieldName, kind: TextKind = "line") {
  return z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, field, kind);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  });
}
