import { hc } from "hono/client";
import i18next from "i18next";
import type { AppType } from "../../server/app";

/**
 * Typed client for our JSON API; the server's route types are the contract. The server
 * answers (errors included) in the language the pages are in.
 */
export const api = hc<AppType>(window.location.origin, {
  // The session is asked before i18next is set up: the browser's own header stands then.
  headers: (): Record<string, string> =>
    i18next.language ? { "Accept-Language": i18next.language } : {},
});

type QueryValue<Value> = Value extends number ? string : Value;
/** A query's values as a query string carries them: numbers as text. */
export type QueryOf<Values> = { [Key in keyof Values]: QueryValue<Values[Key]> };

/**
 * Parsed values (numbers and all) as the typed client sends them, unset ones left out: one
 * conversion for every field, so a new filter reaches the server without an edit here.
 */
export function toQuery<Values extends Record<string, string | number | undefined>>(
  values: Values,
): QueryOf<Values> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)])) as QueryOf<Values>;
}
