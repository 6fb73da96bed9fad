import type { i18n, ParseKeys } from "i18next";
import type { Namespace } from "./catalog";

/** A catalog key with its namespace ("tasks:created"; common's keys need none). */
export type MessageKey = ParseKeys<Namespace[]>;
export type MessageValues = Record<string, string | number>;
/** A key with its values, made by `message()`. */
export type EncodedMessage = string & { readonly encodedMessage: true };
/** What an error, a zod issue or a toast carries: a key, or a key with values. */
export type Message = MessageKey | EncodedMessage;

// A message travels as one string (a zod issue, an AppError, a toast): the key, then the
// values as JSON after a bar. No key contains a bar.
const SEPARATOR = "|";

/**
 * A zod issue's message: ours are keys (the shared schemas give them); zod's own English for
 * shapes no form sends passes through translateMessage unchanged.
 */
export function issueMessage(issue: { message: string } | undefined): Message {
  return (issue?.message ?? "common:error.invalidInput") as Message;
}

/** A message to be translated where it is shown: `message("users:emailTaken", { email })`. */
export function message(key: MessageKey, values?: MessageValues): Message {
  return values ? (`${key}${SEPARATOR}${JSON.stringify(values)}` as EncodedMessage) : key;
}

function decode(text: string): { key: string; values: MessageValues } {
  const at = text.indexOf(SEPARATOR);
  if (at < 0) return { key: text, values: {} };
  try {
    const values: unknown = JSON.parse(text.slice(at + 1));
    if (values && typeof values === "object") {
      return { key: text.slice(0, at), values: values as MessageValues };
    }
  } catch {
    // Not one of ours: shown as it is below.
  }
  return { key: text, values: {} };
}

/**
 * A message (see `message`) in `language`; a value that is itself a key (a field's name) is
 * translated too. Text that is not a key (a library's own English) is returned unchanged.
 */
export function translateMessage(i18next: i18n, text: string, language?: string): string {
  const { key, values } = decode(text);
  const lng = language ?? i18next.language;
  // A plural message exists only in its forms ("…_one", "…_other"): its count finds them.
  const count = typeof values.count === "number" ? values.count : undefined;
  if (!i18next.exists(key, { lng, count })) return text;
  // The key and its values are known only at run time (they travelled as text), so the typed
  // t(), which checks both at compile time, is called through an untyped view of itself.
  const translate = i18next.getFixedT(lng) as unknown as (key: string, values?: object) => string;
  const translated = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "string" && i18next.exists(value, { lng }) ? translate(value) : value,
    ]),
  );
  return translate(key, translated);
}
