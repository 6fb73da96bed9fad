import type { Context } from "hono";
import { type Language, negotiateLanguage } from "../../shared/i18n/languages";
import { said } from "../../shared/i18n/server-instance";
import type { AppEnv } from "./context";

/** What a request tells about its language, whatever a route's narrowed context type. */
export type Asker = Pick<Context<AppEnv>, "var" | "req">;

/**
 * The language a request is answered in: the signed-in person's setting, else what the
 * browser (or the web app, which sends the language its pages are in) asks for.
 */
export function languageOf(c: Asker): Language {
  return c.var.user?.language ?? negotiateLanguage(c.req.header("accept-language"));
}

/** A message (a catalog key, see shared/i18n/message.ts) in the request's language. */
export function translateFor(c: Asker, text: string): string {
  return said(text, languageOf(c));
}
