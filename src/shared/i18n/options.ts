import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages";

/** What the web app's and the server's i18next instances share. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: "common",
  // Keys are flat within a namespace ("status.delayed"): the dot is part of the key.
  keySeparator: false,
  nsSeparator: ":",
  // React escapes what it renders; mail templates escape their HTML themselves.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} satisfies InitOptions;
