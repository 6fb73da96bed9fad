import { formatDisplayDate } from "../../../shared/dates";
import { actionsColumn } from "../../ui/list/data-table";
import { formatTime } from "../engagement-display";
import { EngagementStatusBadge } from "../engagement-status-badge";
import { EngagementRowActions, type EngagementRowActionsProps } from "./engagement-row-actions";
import type { EngagementColumn } from "./engagement-table";

/** The columns Manage Engagements and the chart share (SPEC.md names them). */
export const engagementColumns = {
  date: {
    header: "Date",
    render: (engagement) => formatDisplayDate(engagement.date),
    nowrap: true,
  },
  time: {
    header: "Time",
    render: (engagement) => formatTime(engagement.time),
    nowrap: true,
  },
  subject: {
    header: "Subject",
    render: (engagement) => engagement.subject,
    minWidth: "14rem",
    card: "title",
  },
  venue: { header: "Venue", render: (engagement) => engagement.venue },
  inAttendance: { header: "In Attendance", render: (engagement) => engagement.responsibility },
  status: {
    header: "Status",
    render: (engagement) => <EngagementStatusBadge status={engagement.status} />,
  },
} satisfies Record<string, EngagementColumn>;

/** Manage Engagements' actions: view, and edit and delete where allowed. */
export function engagementActionsColumn({
  onView,
  onEdit,
}: Omit<EngagementRowActionsProps, "engagement">): EngagementColumn {
  return actionsColumn((engagement) => (
    <EngagementRowActions engagement={engagement} onView={onView} onEdit={onEdit} />
  ));
}
