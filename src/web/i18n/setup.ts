import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { type Language, negotiateLanguage } from "../../shared/i18n/languages";
import { I18N_OPTIONS } from "../../shared/i18n/options";
import { applyLanguage, loadLook, savedLanguage } from "./language";

// One chunk per catalog file: a page fetches only its namespaces, in its language, so English
// readers never download Urdu and the sign-in page never downloads the task screens' words.
const catalogs = import.meta.glob<{ default: Record<string, string> }>(
  "../../shared/i18n/catalogs/*/*.ts",
);

function loadCatalog(language: string, namespace: string) {
  const load = catalogs[`../../shared/i18n/catalogs/${language}/${namespace}.ts`];
  if (!load) return Promise.reject(new Error(`no catalog ${language}/${namespace}`));
  return load().then((module) => module.default);
}

/**
 * Starts fetching `namespaces` in the language the page will open in, without waiting for
 * i18next to be set up: a page's words then arrive beside its code, not a round trip later.
 * (The module loader keeps each fetched catalog, so i18next's own load finds it there.)
 */
export function prefetchCatalogs(namespaces: readonly string[]): Promise<unknown> {
  const language = i18next.isInitialized ? i18next.language : initialLanguage();
  return Promise.allSettled(namespaces.map((namespace) => loadCatalog(language, namespace)));
}

/** The first visit follows the browser; later ones the last choice (or the account's). */
function initialLanguage(): Language {
  return savedLanguage() ?? negotiateLanguage(navigator.languages);
}

let setUp: Promise<void> | undefined;

/**
 * Ready before the first render: the language chosen and the shared words loaded. Called
 * again (a route loading its page's words), it answers once the first call is done.
 */
export function setUpI18n(): Promise<void> {
  setUp ??= initialize();
  return setUp;
}

async function initialize(): Promise<void> {
  const language = initialLanguage();
  // Fetched beside the shared words, not after them (applyLanguage finds it loaded).
  void loadLook(language);
  await i18next
    .use(resourcesToBackend(loadCatalog))
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: ["common"],
      partialBundledLanguages: true,
      react: { useSuspense: true },
    });
  await applyLanguage(language, { save: false });
}
