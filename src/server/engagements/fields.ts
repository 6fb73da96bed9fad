import type { EngagementFields } from "../../shared/engagements";
import type { StatusOutcome } from "./status-change";

/** What engagementInput allows in "In Attendance", in UTF-16 units as zod counts them. */
const MAX_IN_ATTENDANCE = 500;

/**
 * "In Attendance" as the chart shows it: the text given, else the participants' names (in
 * the order chosen) and the guests', joined by ", ".
 */
function inAttendance(
  input: Pick<EngagementFields, "responsibility" | "participants" | "guests">,
  names: ReadonlyMap<string, string>,
): string {
  if (input.responsibility) return input.responsibility;
  const text = [...input.participants.map((id) => names.get(id) ?? ""), ...input.guests]
    .filter(Boolean)
    .join(", ");
  if (text.length <= MAX_IN_ATTENDANCE) return text;
  // Within the form's limit, so the filled text can be sent back as it is; no half character.
  const cut = text.slice(0, MAX_IN_ATTENDANCE - 1).replace(/[\ud800-\udbff]$/, "");
  return `${cut}…`;
}

/**
 * The columns Create and Edit Engagement write from the form: `names` are the participants'
 * (assertParticipants), `status` what the status rules keep (status-change.ts).
 */
export function engagementColumns(
  input: EngagementFields,
  names: ReadonlyMap<string, string>,
  status: StatusOutcome,
) {
  return {
    date: input.date,
    time: input.time,
    subject: input.subject,
    venue: input.venue,
    responsibility: inAttendance(input, names),
    status: input.status,
    guests: input.guests,
    followUpOf: input.followUpOf,
    originalDate: status.originalDate,
    statusReason: status.statusReason,
  };
}
