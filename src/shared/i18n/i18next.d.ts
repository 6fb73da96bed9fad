import "i18next";
import type { english } from "./resources";

// Keys are checked against the English catalogs: t("tasks:nope") does not compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof english;
    keySeparator: false;
    nsSeparator: ":";
  }
}
