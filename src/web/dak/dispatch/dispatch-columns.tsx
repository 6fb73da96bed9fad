import { Anchor, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DispatchItem, MODE_LABELS } from "../../../shared/dak";
import { translateMessage } from "../../../shared/i18n/message";
import type { Column } from "../../ui/list/data-table";
import { useDisplayDate } from "../../ui/use-display-date";
import { NONE, receiptPath } from "../dak-display";
import { DakFileAnchor } from "../receipt/scan-links";

/** The Dispatch Register's columns (the brief names them), in the page's language. */
export function useDispatchColumns(): Column<DispatchItem>[] {
  const { i18n } = useTranslation("dak");
  const displayDate = useDisplayDate();
  return [
    {
      header: "dak:field.dispatchNumber",
      render: (dispatch) => <bdi>{dispatch.dispatchNumber}</bdi>,
      nowrap: true,
      isRowHeader: true,
      card: "title",
    },
    {
      header: "dak:field.dispatchedOn",
      render: (dispatch) => displayDate(dispatch.dispatchedOn),
      nowrap: true,
    },
    {
      header: "dak:field.addressees",
      render: (dispatch) => (
        <Stack gap={0}>
          {dispatch.addressees.map((addressee) => (
            <span key={addressee}>{addressee}</span>
          ))}
        </Stack>
      ),
      minWidth: "10rem",
    },
    { header: "dak:field.subject", render: (dispatch) => dispatch.subject, minWidth: "14rem" },
    {
      header: "dak:column.inReplyTo",
      render: (dispatch) =>
        dispatch.receipt ? (
          <Anchor component={Link} to={receiptPath(dispatch.receipt.id)} inherit>
            <bdi>{dispatch.receipt.diaryNumber}</bdi>
          </Anchor>
        ) : (
          NONE
        ),
      nowrap: true,
    },
    {
      header: "dak:field.mode",
      render: (dispatch) => translateMessage(i18n, MODE_LABELS[dispatch.mode]),
    },
    { header: "dak:field.signedBy", render: (dispatch) => dispatch.signedBy ?? NONE },
    {
      header: "dak:field.letter",
      render: (dispatch) => (dispatch.letter ? <DakFileAnchor file={dispatch.letter} /> : NONE),
    },
  ];
}
