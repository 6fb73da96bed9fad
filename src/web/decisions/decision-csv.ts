import { BYTE_ORDER_MARK, csvLine, textField } from "../../shared/csv";
import {
  DECISION_OUTCOME_LABELS,
  DECISION_STATUS_LABELS,
  type DecisionItem,
} from "../../shared/decisions";
import { downloadBlob } from "../ui/download";
import { type DecisionsT, dueDateOf } from "./decision-display";

const HEADER = [
  "csv.meetingDate",
  "column.meeting",
  "column.decision",
  "column.agendaItem",
  "field.outcome",
  "column.owner",
  "column.dueDate",
  "column.status",
  "column.daysOverdue",
  "field.reason",
] as const;

export function decisionsCsvFileName(filters: { from?: string; to?: string }): string {
  const from = filters.from ? `-from-${filters.from}` : "";
  const to = filters.to ? `-to-${filters.to}` : "";
  return `decisions${from}${to}.csv`;
}

/**
 * A title line (the filters in force), the columns' names, then one line per decision, with
 * CRLF line ends, in the page's language (`t`); dates stay yyyy-MM-dd and figures plain, as
 * spreadsheets read them (the performance report's CSV does the same).
 */
export function buildDecisionsCsv(
  decisions: readonly DecisionItem[],
  filterSummary: string,
  t: DecisionsT,
): string {
  const lines = [
    csvLine([textField(t("csv.title", { filters: filterSummary }))]),
    csvLine(HEADER.map((key) => textField(t(key)))),
    ...decisions.map((decision) =>
      csvLine([
        decision.engagement.date,
        textField(decision.engagement.subject),
        textField(decision.description),
        textField(decision.agendaItem?.title ?? ""),
        textField(t(DECISION_OUTCOME_LABELS[decision.outcome])),
        textField(decision.owner?.name ?? ""),
        dueDateOf(decision) ?? "",
        textField(t(DECISION_STATUS_LABELS[decision.status])),
        decision.daysOverdue,
        textField(decision.reason ?? ""),
      ]),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export function downloadDecisionsCsv(
  decisions: readonly DecisionItem[],
  filters: { from?: string; to?: string },
  filterSummary: string,
  t: DecisionsT,
): void {
  const blob = new Blob([BYTE_ORDER_MARK, buildDecisionsCsv(decisions, filterSummary, t)], {
    type: "text/csv;charset=utf-8",
  });
  downloadBlob(blob, decisionsCsvFileName(filters));
}
