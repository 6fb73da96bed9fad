import type { CommonCatalog } from "../../shared/i18n/catalog";
import type { Role } from "../../shared/roles";

/** The catalog keys of the pages' headings (common's `page.*`). */
export type PageTitleKey = Extract<keyof CommonCatalog, `page.${string}`>;

/**
 * A route's `handle`: the page's heading (SPEC.md section 2) for its browser tab title, as a
 * catalog key, the same for every role or chosen by the signed-in role.
 */
export type PageHandle = { title: PageTitleKey | ((role: Role | undefined) => PageTitleKey) };

/** What pageTitle needs of i18next's `t`: common's words in the page's language. */
export type TitleTranslator = {
  (key: PageTitleKey | "appName"): string;
  (key: "tabTitle", values: { page: string; appName: string }): string;
};

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && "title" in handle;
}

/**
 * "Manage Tasks · Task Manager" (in the page's language) from the deepest route that names a
 * page; the app's name alone otherwise.
 */
export function pageTitle(handles: unknown[], role: Role | undefined, t: TitleTranslator): string {
  const appName = t("appName");
  const handle = handles.filter(isPageHandle).at(-1);
  if (!handle) return appName;
  const key = typeof handle.title === "function" ? handle.title(role) : handle.title;
  return t("tabTitle", { page: t(key), appName });
}
