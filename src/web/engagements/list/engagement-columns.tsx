import { useTranslation } from "react-i18next";
import { VENUE_LABELS } from "../../../shared/engagements";
import { actionsColumn } from "../../ui/list/data-table";
import { useDisplayDate } from "../../ui/use-display-date";
import { formatTime } from "../engagement-display";
import { EngagementStatusBadge } from "../engagement-status-badge";
import { EngagementRowActions, type EngagementRowActionsProps } from "./engagement-row-actions";
import type { EngagementColumn } from "./engagement-table";

/**
 * The columns Manage Engagements and the chart share (SPEC.md names them), in the page's
 * language. Their names are catalog keys: the table translates them.
 */
export function useEngagementColumns() {
  const { t } = useTranslation(["engagements", "common"]);
  const displayDate = useDisplayDate();
  return {
    date: {
      header: "engagements:field.date",
      render: (engagement) => displayDate(engagement.date),
      nowrap: true,
    },
    time: {
      header: "engagements:field.time",
      render: (engagement) => formatTime(engagement.time),
      nowrap: true,
    },
    subject: {
      header: "engagements:field.subject",
      render: (engagement) => engagement.subject,
      minWidth: "14rem",
      card: "title",
    },
    venue: {
      header: "engagements:field.venue",
      render: (engagement) => t(VENUE_LABELS[engagement.venue]),
    },
    inAttendance: {
      header: "engagements:field.inAttendance",
      render: (engagement) => engagement.responsibility,
    },
    status: {
      header: "engagements:field.status",
      render: (engagement) => <EngagementStatusBadge status={engagement.status} />,
    },
  } satisfies Record<string, EngagementColumn>;
}

/** Manage Engagements' actions: view, and edit and delete where allowed. */
export function engagementActionsColumn({
  onView,
  onEdit,
}: Omit<EngagementRowActionsProps, "engagement">): EngagementColumn {
  return actionsColumn((engagement) => (
    <EngagementRowActions engagement={engagement} onView={onView} onEdit={onEdit} />
  ));
}
