import { z } from "zod/mini";
import type { MessageKey } from "./i18n/message";
import { taskListQuery } from "./tasks";

/** Catalog keys: whoever shows one translates it. */
export const EXPORT_MESSAGES = {
  tooManyIds: "exports:error.tooManyIds",
  badIds: "exports:error.badIds",
} as const satisfies Record<string, MessageKey>;

/** The most tasks "Export selected" names at once (the bulk actions' selection). */
export const EXPORT_MAX_IDS = 1000;

/** The lists that export to Excel, each at GET /api/exports/<list>. */
export const EXPORT_LISTS = [
  "tasks",
  "engagements",
  "users",
  "report",
  "decisions",
  "audit",
  "pendency",
  "receipts",
  "dispatches",
] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** Comma-separated task ids; none (or blank) means every task the filters match. */
const taskIds = z.pipe(
  z.pipe(
    z.optional(z.string()),
    z.transform((value) =>
      value
        ? value
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean)
        : undefined,
    ),
  ),
  z.optional(
    z
      .array(z.guid(EXPORT_MESSAGES.badIds))
      .check(z.maxLength(EXPORT_MAX_IDS, EXPORT_MESSAGES.tooManyIds)),
  ),
);

/** GET /api/exports/tasks: Manage Tasks' filters without the page, and optionally its rows. */
export const taskExportQuery = z.extend(z.omit(taskListQuery, { page: true, pageSize: true }), {
  ids: taskIds,
});
export type TaskExportQuery = z.input<typeof taskExportQuery>;
export type TaskExportFilters = z.output<typeof taskExportQuery>;
