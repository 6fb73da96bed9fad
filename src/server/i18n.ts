import type { Context } from "hono";
import type { i18n } from "i18next";
import { type Language, negotiateLanguage } from "../shared/i18n/languages";
import { translateMessage } from "../shared/i18n/message";
import type { AppEnv } from "./env";

/**
 * The language a request is answered in: the signed-in person's setting, else what the
 * browser (or the web app, which sends the language its pages are in) asks for.
 */
export function languageOf(c: Context<AppEnv>): Language {
  return c.var.user?.language ?? negotiateLanguage(c.req.header("accept-language"));
}

/** A message (a catalog key, see shared/i18n/message.ts) in the request's language. */
export function translateFor(i18next: i18n, c: Context<AppEnv>, text: string): string {
  return translateMessage(i18next, text, languageOf(c));
}
