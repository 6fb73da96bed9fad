import { Modal, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type EngagementItem, VENUE_LABELS } from "../../../shared/engagements";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useDisplayDate } from "../../ui/use-display-date";
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
  const { t } = useTranslation(["engagements", "common"]);
  const displayDate = useDisplayDate();
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.details")} {...DIALOG_PROPS}>
      {engagement && (
        <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
          <Table.Tbody>
            <Detail label={t("field.date")}>{displayDate(engagement.date)}</Detail>
            <Detail label={t("field.time")}>{formatTime(engagement.time)}</Detail>
            <Detail label={t("field.subject")}>{engagement.subject}</Detail>
            <Detail label={t("field.venue")}>{t(VENUE_LABELS[engagement.venue])}</Detail>
            <Detail label={t("field.inAttendance")}>{engagement.responsibility}</Detail>
            <Detail label={t("field.status")}>
              <EngagementStatusBadge status={engagement.status} />
            </Detail>
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
