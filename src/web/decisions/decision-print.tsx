import { useTranslation } from "react-i18next";
import type { DecisionItem, DecisionStatus } from "../../shared/decisions";
import { type Compliance, DECISION_STATUS_LABELS, DECISION_STATUSES } from "../../shared/decisions";
import printout from "../ui/print/printout.module.css";
import { useDisplayDate } from "../ui/use-display-date";
import { DECISIONS_NAMESPACES, dueDateOf, formatComplianceRate } from "./decision-display";
import classes from "./decision-print.module.css";

/** Status colours dark enough for paper, in the badges' hues (DECISION_STATUS_COLORS). */
const PRINT_COLORS: Record<DecisionStatus, string> = {
  done: "#1b5e20",
  pending: "#0d47a1",
  overdue: "#b71c1c",
  regretted: "#424242",
  noted: "#424242",
};

export type DecisionPrintout = {
  decisions: DecisionItem[];
  compliance: Compliance;
  /** The filters in force, worded (describeDecisionFilters). */
  filterSummary: string;
  /** The day it was printed, yyyy-MM-dd. */
  today: string;
};

/**
 * The Decisions page on paper: a title, the filters and the day, the compliance, and every
 * matching decision in a plain table (no scroll box, no actions, the header repeated on each
 * page, rows kept whole).
 */
export function DecisionPrintArea({
  decisions,
  compliance,
  filterSummary,
  today,
}: DecisionPrintout) {
  const { t } = useTranslation(DECISIONS_NAMESPACES);
  const displayDate = useDisplayDate();
  const counts = DECISION_STATUSES.map((status) =>
    t("print.statusCount", {
      status: t(DECISION_STATUS_LABELS[status]),
      number: compliance[status],
    }),
  ).join(t("describe.separator"));
  return (
    <div className={classes.printArea}>
      <h1 className={printout.title}>{t("common:page.decisions")}</h1>
      <p className={printout.subtitle}>
        {t("print.summary", {
          filters: filterSummary,
          date: displayDate(today),
          count: decisions.length,
        })}
      </p>
      <p className={printout.subtitle}>
        {t("print.compliance", { rate: formatComplianceRate(compliance.rate), counts })}
      </p>
      <table className={printout.table} aria-label={t("print.tableLabel")}>
        <thead>
          <tr>
            <th scope="col">{t("column.meeting")}</th>
            <th scope="col">{t("column.decision")}</th>
            <th scope="col">{t("column.agendaItem")}</th>
            <th scope="col">{t("column.owner")}</th>
            <th scope="col">{t("column.dueDate")}</th>
            <th scope="col">{t("column.status")}</th>
            <th scope="col">{t("column.daysOverdue")}</th>
          </tr>
        </thead>
        <tbody>
          {decisions.map((decision) => {
            const due = dueDateOf(decision);
            return (
              <tr key={decision.id}>
                <td>
                  <bdi>{decision.engagement.subject}</bdi>
                  <br />
                  <span className={printout.nowrap}>{displayDate(decision.engagement.date)}</span>
                </td>
                <td>
                  <bdi>{decision.description}</bdi>
                  {decision.reason && (
                    <div className={classes.reason}>
                      {t("table.reason", { reason: decision.reason })}
                    </div>
                  )}
                </td>
                <td>
                  <bdi>{decision.agendaItem?.title ?? ""}</bdi>
                </td>
                <td>
                  <bdi>{decision.owner?.name ?? ""}</bdi>
                </td>
                <td className={printout.nowrap}>{due ? displayDate(due) : ""}</td>
                <td className={printout.status} style={{ color: PRINT_COLORS[decision.status] }}>
                  {t(DECISION_STATUS_LABELS[decision.status])}
                </td>
                <td className={classes.figure}>
                  {decision.daysOverdue > 0 ? decision.daysOverdue : ""}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
