import { Modal, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDisplayDate } from "../../../shared/dates";
import type { EngagementItem } from "../../../shared/engagements";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { formatTime } from "../engagement-display";
import { EngagementStatusBadge } from "../engagement-status-badge";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={140}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: "anywhere" }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Read-only details of one engagement. */
export function EngagementDetailsDialog({
  engagement,
  opened,
  onClose,
}: {
  engagement: EngagementItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Engagement Details" {...DIALOG_PROPS}>
      {engagement && (
        <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
          <Table.Tbody>
            <Detail label="Date">{formatDisplayDate(engagement.date)}</Detail>
            <Detail label="Time">{formatTime(engagement.time)}</Detail>
            <Detail label="Subject">{engagement.subject}</Detail>
            <Detail label="Venue">{engagement.venue}</Detail>
            <Detail label="In Attendance">{engagement.responsibility}</Detail>
            <Detail label="Status">
              <EngagementStatusBadge status={engagement.status} />
            </Detail>
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
