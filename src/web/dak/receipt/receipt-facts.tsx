import { Anchor, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  CLASSIFICATION_LABELS,
  MODE_LABELS,
  PURPOSE_LABELS,
  RECEIPT_STATUS_COLORS,
  RECEIPT_STATUS_LABELS,
  type ReceiptItem,
} from "../../../shared/dak";
import { translateMessage } from "../../../shared/i18n/message";
import { Detail } from "../../tasks/details/task-details-dialog";
import { TintedBadge } from "../../ui/tinted-badge";
import { useDisplayDate } from "../../ui/use-display-date";
import { NONE } from "../dak-display";
import { ScanLinks } from "./scan-links";

/** Every field of a receipt as diarised, its marking, its task and its scanned pages. */
export function ReceiptFacts({ receipt }: { receipt: ReceiptItem }) {
  const { t, i18n } = useTranslation("dak");
  const displayDate = useDisplayDate();
  const say = (key: Parameters<typeof translateMessage>[1]) => translateMessage(i18n, key);
  const sender = [receipt.senderName, receipt.senderDesignation, receipt.senderOrganisation]
    .filter(Boolean)
    .join(", ");
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3">
            {receipt.subject}
          </Title>
          <TintedBadge color={RECEIPT_STATUS_COLORS[receipt.status]}>
            {say(RECEIPT_STATUS_LABELS[receipt.status])}
          </TintedBadge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Detail label={t("field.diaryNumber")}>
            <bdi>{receipt.diaryNumber}</bdi>
          </Detail>
          <Detail label={t("field.receivedOn")}>{displayDate(receipt.receivedOn)}</Detail>
          <Detail label={t("field.mode")}>{say(MODE_LABELS[receipt.mode])}</Detail>
          <Detail label={t("field.letterNumber")}>{receipt.letterNumber ?? NONE}</Detail>
          <Detail label={t("field.letterDate")}>
            {receipt.letterDate ? displayDate(receipt.letterDate) : NONE}
          </Detail>
          <Detail label={t("field.section")}>{receipt.section ?? NONE}</Detail>
          <Detail label={t("field.category")}>{receipt.category}</Detail>
          <Detail label={t("field.classification")}>
            {say(CLASSIFICATION_LABELS[receipt.classification])}
          </Detail>
          <Detail label={t("receipt.diarisedBy")}>{receipt.diarisedBy?.name ?? NONE}</Detail>
        </SimpleGrid>
        <Detail label={t("legend.sender")}>{sender}</Detail>
        {receipt.senderAddress && (
          <Detail label={t("field.senderAddress")}>{receipt.senderAddress}</Detail>
        )}
        <Detail label={t("field.enclosures")}>{receipt.enclosures ?? NONE}</Detail>
        <Detail label={t("field.remarks")}>{receipt.remarks ?? NONE}</Detail>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Detail label={t("column.markedTo")}>{receipt.markedTo?.name ?? NONE}</Detail>
          <Detail label={t("field.purpose")}>
            {receipt.markPurpose ? say(PURPOSE_LABELS[receipt.markPurpose]) : NONE}
          </Detail>
          <Detail label={t("receipt.task")}>
            {receipt.task ? (
              <Anchor component={Link} to={`/task/${receipt.task.id}`} size="sm">
                {receipt.task.subject}
              </Anchor>
            ) : (
              NONE
            )}
          </Detail>
        </SimpleGrid>
        {receipt.markRemark && <Detail label={t("field.remark")}>{receipt.markRemark}</Detail>}
        {receipt.closeReason && (
          <Detail label={t("receipt.closeReason")}>{receipt.closeReason}</Detail>
        )}
        <Detail label={t("field.scans")}>
          <ScanLinks scans={receipt.scans} />
        </Detail>
      </Stack>
    </Paper>
  );
}
