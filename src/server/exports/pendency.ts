import type { Language } from "../../shared/i18n/languages";
import { said } from "../../shared/i18n/server-instance";
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  type PendencyDashboard,
  type PendencyFigures,
} from "../../shared/pendency";
import type { SheetOf, XlsxColumn } from "./xlsx";

type PendencyLine = PendencyFigures & { name: string };

/** The department's row first, then each person's, in the order the page sorted them. */
async function* linesOf(
  dashboard: PendencyDashboard,
  language: Language,
): AsyncGenerator<PendencyLine> {
  yield { ...dashboard.department, name: said("pendency:department", language) };
  yield* dashboard.people;
}

const bucketColumns: XlsxColumn<PendencyLine>[] = AGE_BUCKETS.map((bucket) => ({
  heading: AGE_BUCKET_LABELS[bucket],
  type: "number",
  width: 14,
  value: (row: PendencyLine) => row[bucket],
}));

/** The pendency dashboard's table as a sheet: a row per person under the department's. */
export function pendencySheet(
  dashboard: PendencyDashboard,
  language: Language,
): SheetOf<PendencyLine> {
  return {
    name: "common:page.pendency",
    columns: [
      { heading: "pendency:column.person", type: "text", width: 28, value: (row) => row.name },
      ...bucketColumns,
      { heading: "pendency:column.open", type: "number", width: 10, value: (row) => row.open },
      {
        heading: "pendency:column.completedThisWeek",
        type: "number",
        width: 14,
        value: (row) => row.completedThisWeek,
      },
      {
        heading: "pendency:column.pendingExtensions",
        type: "number",
        width: 14,
        value: (row) => row.pendingExtensions,
      },
      {
        heading: "pendency:column.pendingDecisions",
        type: "number",
        width: 14,
        value: (row) => row.pendingDecisions,
      },
      {
        heading: "pendency:column.receiptsAwaitingAction",
        type: "number",
        width: 14,
        value: (row) => row.receiptsAwaitingAction,
      },
      {
        heading: "pendency:column.averageDaysHeld",
        type: "number",
        width: 14,
        value: (row) => row.averageDaysHeld,
      },
      {
        heading: "pendency:column.oldest",
        type: "text",
        width: 40,
        value: (row) => row.oldest?.subject ?? null,
      },
      {
        heading: "tasks:field.dueDate",
        type: "date",
        width: 14,
        value: (row) => row.oldest?.dueDate ?? null,
      },
      {
        heading: "exports:column.workingDaysPastDue",
        type: "number",
        width: 14,
        value: (row) => row.oldest?.daysPastDue ?? null,
      },
    ],
    rows: linesOf(dashboard, language),
  };
}
