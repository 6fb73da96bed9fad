import type en from "./catalogs/en/common";

/**
 * The namespaces, one per feature (the same names as the feature folders) plus `common`.
 * A catalog file is `catalogs/{language}/{namespace}.ts`; the web app loads one when a page
 * first needs it, the server imports them all (resources.ts).
 */
export const NAMESPACES = [
  "common",
  "auth",
  "tasks",
  "engagements",
  "users",
  "reports",
  "dashboard",
  "mail",
  "notifications",
  "office",
  "audit",
  "decisions",
  "pendency",
  "brief",
  "views",
  "exports",
  "dak",
  "markings",
  "notesheet",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * A translation of an English catalog: the same keys, each a string. Typing the Urdu files
 * with it makes a missing or stray key a compile error, so the two catalogs cannot drift.
 */
export type CatalogOf<English> = { [Key in keyof English]: string };

export type CommonCatalog = typeof en;
