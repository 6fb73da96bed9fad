import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditFilters,
  type AuditItem,
} from "../../shared/audit";
import { timeOfDayIn, todayIn } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import type { CurrentUser } from "../../shared/users";
import { type AuditService, actorText } from "../audit/service";
import { excelDateTime, type SheetOf } from "./xlsx";

/**
 * The Audit Log as a sheet, with its filters, newest first: the trail `reader` may read, in
 * batches as its CSV reads it, each time on the office's clock, the changes as JSON.
 */
export function auditSheet(
  audit: AuditService,
  reader: CurrentUser,
  filters: Omit<AuditFilters, "page">,
  timeZone: string,
  language: Language,
): SheetOf<AuditItem> {
  return {
    name: "common:page.auditLog",
    columns: [
      { heading: "audit:column.number", type: "number", width: 10, value: (row) => row.id },
      {
        heading: "audit:column.time",
        type: "datetime",
        width: 18,
        value: (row) => {
          const at = new Date(row.at);
          return excelDateTime(todayIn(timeZone, at), timeOfDayIn(timeZone, at));
        },
      },
      {
        heading: "audit:column.actor",
        type: "text",
        width: 28,
        value: (row) => actorText(row, language),
      },
      {
        heading: "audit:column.entity",
        type: "label",
        width: 16,
        value: (row) => AUDIT_ENTITY_LABELS[row.entity],
      },
      {
        heading: "audit:column.recordName",
        type: "text",
        width: 32,
        value: (row) => row.recordName ?? "",
      },
      { heading: "audit:column.entityId", type: "text", width: 38, value: (row) => row.entityId },
      {
        heading: "audit:column.action",
        type: "label",
        width: 16,
        value: (row) => AUDIT_ACTION_LABELS[row.action],
      },
      {
        heading: "audit:column.changes",
        type: "text",
        width: 60,
        value: (row) => JSON.stringify(row.changes),
      },
      { heading: "audit:column.reason", type: "text", width: 32, value: (row) => row.reason },
    ],
    rows: audit.everyEvent(filters, reader),
  };
}
