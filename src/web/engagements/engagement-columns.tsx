import { formatDisplayDate } from "../../shared/dates";
import { formatTime } from "./engagement-display";
import { EngagementStatusBadge } from "./engagement-status-badge";
import type { EngagementColumn } from "./engagement-table";
import classes from "./engagement-table.module.css";

/** The columns Manage Engagements and the chart share (SPEC.md names them). */
export const engagementColumns = {
  date: {
    header: "Date",
    render: (engagement) => formatDisplayDate(engagement.date),
    className: classes.nowrap,
  },
  time: {
    header: "Time",
    render: (engagement) => formatTime(engagement.time),
    className: classes.nowrap,
  },
  subject: {
    header: "Subject",
    render: (engagement) => engagement.subject,
    className: classes.subject,
  },
  venue: { header: "Venue", render: (engagement) => engagement.venue },
  inAttendance: { header: "In Attendance", render: (engagement) => engagement.responsibility },
  status: {
    header: "Status",
    render: (engagement) => <EngagementStatusBadge status={engagement.status} />,
  },
} satisfies Record<string, EngagementColumn>;
