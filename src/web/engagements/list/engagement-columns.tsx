import { Anchor, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displayTime } from "../../../shared/dates";
import { VENUE_LABELS } from "../../../shared/engagements";
import { actionsColumn } from "../../ui/list/data-table";
import { useDisplayDate } from "../../ui/use-display-date";
import { engagementPath, useEngagementDisplay } from "../engagement-display";
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
  const { statusNote } = useEngagementDisplay();
  return {
    date: {
      header: "engagements:field.date",
      render: (engagement) => displayDate(engagement.date),
      nowrap: true,
    },
    time: {
      header: "engagements:field.time",
      // Isolated, so an Urdu page does not put AM before the hour.
      render: (engagement) => <bdi>{displayTime(engagement.time)}</bdi>,
      nowrap: true,
    },
    subject: {
      header: "engagements:field.subject",
      // The engagement's own page: its participants, agenda, minutes and decisions.
      render: (engagement) => (
        <Anchor component={Link} to={engagementPath(engagement.id)} inherit>
          {engagement.subject}
        </Anchor>
      ),
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
      // A postponement keeps its first date and reason in sight, a cancellation its reason.
      render: (engagement) => {
        const note = statusNote(engagement);
        return (
          <Stack gap={4} align="flex-start">
            <EngagementStatusBadge status={engagement.status} />
            {note && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {note}
              </Text>
            )}
          </Stack>
        );
      },
      minWidth: "9rem",
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
