import type { Role } from "../../shared/roles";

export const APP_NAME = "Task Manager";

/**
 * A route's `handle`: the page's heading (SPEC.md section 2) for its browser tab title, the
 * same for every role or chosen by the signed-in role.
 */
export type PageHandle = { title: string | ((role: Role | undefined) => string) };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && "title" in handle;
}

/** "Manage Tasks · Task Manager" from the deepest route that names a page; the app's name alone otherwise. */
export function pageTitle(handles: unknown[], role: Role | undefined): string {
  const handle = handles.filter(isPageHandle).at(-1);
  if (!handle) return APP_NAME;
  const heading = typeof handle.title === "function" ? handle.title(role) : handle.title;
  return `${heading} · ${APP_NAME}`;
}
