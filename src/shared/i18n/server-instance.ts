import i18next, { type i18n } from "i18next";
import { NAMESPACES } from "./catalog";
import { I18N_OPTIONS } from "./options";
import { resources } from "./resources";

/**
 * An i18next instance holding every catalog, ready at once (no loading): for the server and
 * tests. `defaultVariables` are values every message may use, e.g. { minLength: 6 }.
 */
export function createFullI18n(defaultVariables: Record<string, string | number> = {}): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    resources,
    ns: [...NAMESPACES],
    lng: I18N_OPTIONS.fallbackLng,
    initAsync: false,
    interpolation: { ...I18N_OPTIONS.interpolation, defaultVariables },
  });
  return instance;
}
