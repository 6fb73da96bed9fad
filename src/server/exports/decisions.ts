import {
  DECISION_OUTCOME_LABELS,
  DECISION_STATUS_LABELS,
  type DecisionFilters,
  type DecisionItem,
} from "../../shared/decisions";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { presentDecision } from "../decisions/read";
import { selectMatchingDecisions } from "../decisions/service";
import { EXPORT_PAGE_SIZE, paged, type SheetOf } from "./xlsx";

/**
 * The Decisions page as a sheet, with its filters and order on `today` (which decides pending
 * and overdue); the columns as its CSV names them.
 */
export function decisionSheet(
  db: Db,
  actor: CurrentUser,
  filters: Omit<DecisionFilters, "page">,
  today: string,
): SheetOf<DecisionItem> {
  return {
    name: "common:page.decisions",
    columns: [
      {
        heading: "decisions:csv.meetingDate",
        type: "date",
        width: 14,
        value: (row) => row.engagement.date,
      },
      {
        heading: "decisions:column.meeting",
        type: "text",
        width: 36,
        value: (row) => row.engagement.subject,
      },
      {
        heading: "decisions:column.decision",
        type: "text",
        width: 48,
        value: (row) => row.description,
      },
      {
        heading: "decisions:column.agendaItem",
        type: "text",
        width: 28,
        value: (row) => row.agendaItem?.title ?? null,
      },
      {
        heading: "decisions:field.outcome",
        type: "label",
        width: 12,
        value: (row) => DECISION_OUTCOME_LABELS[row.outcome],
      },
      {
        heading: "decisions:column.owner",
        type: "text",
        width: 28,
        value: (row) => row.owner?.name ?? null,
      },
      {
        heading: "decisions:column.dueDate",
        type: "date",
        width: 14,
        // The task's due date when it has one (it may have moved), else the decision's own.
        value: (row) => row.task?.dueDate ?? row.dueDate,
      },
      {
        heading: "decisions:column.status",
        type: "label",
        width: 12,
        value: (row) => DECISION_STATUS_LABELS[row.status],
      },
      {
        heading: "decisions:column.daysOverdue",
        type: "number",
        width: 12,
        value: (row) => row.daysOverdue,
      },
      { heading: "decisions:field.reason", type: "text", width: 32, value: (row) => row.reason },
    ],
    rows: paged(EXPORT_PAGE_SIZE, async (offset) =>
      (await selectMatchingDecisions(db, filters, today, { limit: EXPORT_PAGE_SIZE, offset })).map(
        (row) => presentDecision(row, today, actor),
      ),
    ),
  };
}
