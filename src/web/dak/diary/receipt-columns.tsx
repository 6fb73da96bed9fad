import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  CLASSIFICATION_LABELS,
  RECEIPT_STATUS_COLORS,
  RECEIPT_STATUS_LABELS,
  type ReceiptItem,
} from "../../../shared/dak";
import { translateMessage } from "../../../shared/i18n/message";
import type { Column } from "../../ui/list/data-table";
import { TintedBadge } from "../../ui/tinted-badge";
import { useDisplayDate } from "../../ui/use-display-date";
import { NONE, receiptPath } from "../dak-display";

/** The Diary Register's columns (the brief names them), in the page's language. */
export function useReceiptColumns(): Column<ReceiptItem>[] {
  const { i18n } = useTranslation("dak");
  const displayDate = useDisplayDate();
  const say = (key: Parameters<typeof translateMessage>[1]) => translateMessage(i18n, key);
  return [
    {
      header: "dak:field.diaryNumber",
      render: (receipt) => (
        <Anchor component={Link} to={receiptPath(receipt.id)} inherit>
          <bdi>{receipt.diaryNumber}</bdi>
        </Anchor>
      ),
      nowrap: true,
      isRowHeader: true,
      card: "title",
    },
    {
      header: "dak:field.receivedOn",
      render: (receipt) => displayDate(receipt.receivedOn),
      nowrap: true,
    },
    { header: "dak:field.senderName", render: (receipt) => receipt.senderName, minWidth: "9rem" },
    {
      header: "dak:field.letterNumber",
      render: (receipt) => (receipt.letterNumber ? <bdi>{receipt.letterNumber}</bdi> : NONE),
    },
    { header: "dak:field.subject", render: (receipt) => receipt.subject, minWidth: "14rem" },
    { header: "dak:field.category", render: (receipt) => receipt.category },
    {
      header: "dak:field.classification",
      render: (receipt) => say(CLASSIFICATION_LABELS[receipt.classification]),
    },
    {
      header: "dak:field.status",
      render: (receipt) => (
        <TintedBadge color={RECEIPT_STATUS_COLORS[receipt.status]}>
          {say(RECEIPT_STATUS_LABELS[receipt.status])}
        </TintedBadge>
      ),
    },
    {
      header: "dak:column.markedTo",
      render: (receipt) => receipt.markedTo?.name ?? NONE,
    },
  ];
}
