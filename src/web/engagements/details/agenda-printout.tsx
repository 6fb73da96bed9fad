import { Button } from "@mantine/core";
import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { displayTime } from "../../../shared/dates";
import { DECISION_STATUS_LABELS } from "../../../shared/decisions";
import {
  ENGAGEMENT_STATUS_LABELS,
  type EngagementDetails,
  VENUE_LABELS,
} from "../../../shared/engagements";
import { dueDateOf } from "../../decisions/decision-display";
import { PrintIcon } from "../../ui/action-icons";
import printout from "../../ui/print/printout.module.css";
import { useDisplayDate } from "../../ui/use-display-date";
import { useEngagementDisplay } from "../engagement-display";
import classes from "./agenda-printout.module.css";

type MeetingRecord = NonNullable<EngagementDetails["record"]>;

const NONE = "—";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/**
 * The agenda on A4: the meeting's fields, for a follow-up the previous meeting's decisions and
 * where they stand, then this meeting's items with their presenters.
 */
function AgendaPrintArea({
  engagement,
  record,
}: {
  engagement: EngagementDetails;
  record: MeetingRecord;
}) {
  const { t } = useTranslation(["engagements", "decisions", "common"]);
  const displayDate = useDisplayDate();
  const { statusNote } = useEngagementDisplay();
  const note = statusNote(engagement);
  const separator = t("details.listSeparator");
  const agenda = [...record.agenda].sort((a, b) => a.position - b.position);
  const previous = record.previous;
  return (
    <div className={classes.printArea}>
      <h1 className={printout.title}>{t("print.agendaTitle", { subject: engagement.subject })}</h1>
      <table className={classes.fields}>
        <tbody>
          <Field label={t("field.date")}>{displayDate(engagement.date)}</Field>
          <Field label={t("field.time")}>
            <bdi>{displayTime(engagement.time)}</bdi>
          </Field>
          <Field label={t("field.venue")}>{t(VENUE_LABELS[engagement.venue])}</Field>
          <Field label={t("field.status")}>
            {t(ENGAGEMENT_STATUS_LABELS[engagement.status])}
            {note && <div>{note}</div>}
          </Field>
          <Field label={t("field.inAttendance")}>{engagement.responsibility || NONE}</Field>
          {engagement.participants.length > 0 && (
            <Field label={t("field.participants")}>
              {engagement.participants.map((participant) => participant.name).join(separator)}
            </Field>
          )}
          {engagement.guests.length > 0 && (
            <Field label={t("field.guests")}>{engagement.guests.join(separator)}</Field>
          )}
        </tbody>
      </table>

      {previous && (
        <section className={classes.section}>
          <h2 className={classes.heading}>{t("previous.title")}</h2>
          <p className={printout.subtitle}>
            {t("details.meetingOn", {
              subject: previous.engagement.subject,
              date: displayDate(previous.engagement.date),
            })}
          </p>
          {previous.decisions.length === 0 ? (
            <p>{t("previous.empty")}</p>
          ) : (
            <table className={classes.table} aria-label={t("previous.title")}>
              <thead>
                <tr>
                  <th scope="col">{t("decisions:column.decision")}</th>
                  <th scope="col">{t("decisions:column.owner")}</th>
                  <th scope="col">{t("decisions:column.dueDate")}</th>
                  <th scope="col">{t("decisions:column.status")}</th>
                </tr>
              </thead>
              <tbody>
                {previous.decisions.map((decision) => {
                  const due = dueDateOf(decision);
                  return (
                    <tr key={decision.id}>
                      <td>
                        <bdi>{decision.description}</bdi>
                      </td>
                      <td>{decision.owner ? <bdi>{decision.owner.name}</bdi> : NONE}</td>
                      <td className={printout.nowrap}>{due ? displayDate(due) : NONE}</td>
                      <td className={printout.status}>
                        {t(DECISION_STATUS_LABELS[decision.status])}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      )}

      <section className={classes.section}>
        <h2 className={classes.heading}>{t("agenda.title")}</h2>
        {agenda.length === 0 ? (
          <p>{t("agenda.empty")}</p>
        ) : (
          <table className={classes.table} aria-label={t("print.agendaLabel")}>
            <thead>
              <tr>
                <th scope="col" className={classes.number}>
                  {t("print.number")}
                </th>
                <th scope="col">{t("field.agendaTitle")}</th>
                <th scope="col">{t("field.presenter")}</th>
              </tr>
            </thead>
            <tbody>
              {agenda.map((item, index) => (
                <tr key={item.id}>
                  <td className={classes.number}>{index + 1}</td>
                  <td>
                    <bdi>{item.title}</bdi>
                  </td>
                  <td>{item.presenter ? <bdi>{item.presenter}</bdi> : NONE}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/**
 * Print Agenda. The printout is in the document for as long as the page shows the meeting's
 * record (hidden on screen), so the browser's own Print prints the agenda too, never a half
 * page of tabs.
 */
export function PrintAgenda({
  engagement,
  record,
}: {
  engagement: EngagementDetails;
  record: MeetingRecord;
}) {
  const { t } = useTranslation("engagements");
  return (
    <>
      <Button variant="default" leftSection={<PrintIcon />} onClick={() => window.print()}>
        {t("action.printAgenda")}
      </Button>
      {createPortal(<AgendaPrintArea engagement={engagement} record={record} />, document.body)}
    </>
  );
}
