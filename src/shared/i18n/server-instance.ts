import i18next, { type i18n } from "i18next";
import { NAMESPACES } from "./catalog";
import type { Language } from "./languages";
import { translateMessage } from "./message";
import { I18N_OPTIONS } from "./options";
import { resources } from "./resources";

function createFullI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    resources,
    ns: [...NAMESPACES],
    lng: I18N_OPTIONS.fallbackLng,
    initAsync: false,
  });
  return instance;
}

/**
 * Every catalog in every language, ready at once (no loading): the server's one instance, and
 * the tests'. The web app loads catalogs one namespace at a time and must not import this.
 */
export const fullI18n: i18n = createFullI18n();

/** A message (shared/i18n/message.ts) as a reader of `language` sees it. */
export function said(text: string, language: Language = "en"): string {
  return translateMessage(fullI18n, text, language);
}
