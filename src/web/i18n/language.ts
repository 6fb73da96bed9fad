import i18next from "i18next";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  type Language,
} from "../../shared/i18n/languages";

const STORAGE_KEY = "hed.language";

export function savedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language's own look: Urdu's font and right-to-left rules come in one lazy CSS chunk,
 * and dayjs's Urdu month and day names (Mantine's date pickers use dayjs) in another.
 */
export function loadLook(language: Language): Promise<unknown> {
  return language === "ur"
    ? Promise.all([import("./urdu-look"), import("dayjs/locale/ur")])
    : Promise.resolve();
}

/**
 * Shows the app in `language`: its catalogs, the page's `lang` and `dir`, its font; `save`
 * keeps the choice in this browser for the next visit.
 */
export async function applyLanguage(language: Language, { save = true } = {}): Promise<void> {
  if (save) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Private windows may refuse storage: the choice then lasts this visit only.
    }
  }
  await Promise.all([loadLook(language), i18next.changeLanguage(language)]);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** The language the page is shown in; re-renders the caller when it changes. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
