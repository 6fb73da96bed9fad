import { useTranslation } from "react-i18next";
import { type DispatchItem, MODE_LABELS } from "../../../shared/dak";
import { translateMessage } from "../../../shared/i18n/message";
import { useDisplayDate } from "../../ui/use-display-date";
import { dispatchesOfDayOptions } from "../dak-queries";
import { PrintDayButton } from "./print-day-button";
import { Lines, RegisterSheet, type SheetColumn } from "./register-sheet";

/** The dispatch register's classic columns, as the paper register is ruled. */
function useDispatchSheetColumns(): SheetColumn<DispatchItem>[] {
  const { i18n } = useTranslation("dak");
  const displayDate = useDisplayDate();
  return [
    {
      header: "dak:field.dispatchNumber",
      width: "15%",
      render: (dispatch) => <bdi>{dispatch.dispatchNumber}</bdi>,
    },
    {
      header: "dak:field.dispatchedOn",
      width: "9%",
      render: (dispatch) => displayDate(dispatch.dispatchedOn),
    },
    {
      header: "dak:field.addressees",
      width: "17%",
      render: (dispatch) => <Lines lines={dispatch.addressees} />,
    },
    {
      header: "dak:field.subject",
      width: "22%",
      render: (dispatch) => <bdi>{dispatch.subject}</bdi>,
    },
    {
      // The diary number it answers; a reply to a task that came with no letter, the task.
      header: "dak:column.inReplyTo",
      width: "13%",
      render: (dispatch) =>
        dispatch.receipt ? (
          <bdi>{dispatch.receipt.diaryNumber}</bdi>
        ) : (
          <Lines areDetails lines={[dispatch.task?.subject]} />
        ),
    },
    {
      header: "dak:field.mode",
      width: "8%",
      render: (dispatch) => translateMessage(i18n, MODE_LABELS[dispatch.mode]),
    },
    {
      header: "dak:field.signedBy",
      width: "11%",
      render: (dispatch) => <bdi>{dispatch.signedBy}</bdi>,
    },
  ];
}

function DispatchSheet({ day, dispatches }: { day: string; dispatches: DispatchItem[] }) {
  return (
    <RegisterSheet
      day={day}
      entries={dispatches}
      columns={useDispatchSheetColumns()}
      words={{
        title: "dak:register.dispatch",
        table: "dak:print.dispatchTableLabel",
        none: "dak:print.dispatchNone",
      }}
    />
  );
}

/** Print Day's Register on the Dispatch Register: the day's dispatches, the first sent first. */
export function PrintDispatchDayButton() {
  return (
    <PrintDayButton
      query={dispatchesOfDayOptions}
      sheet={(day, dispatches) => <DispatchSheet day={day} dispatches={dispatches} />}
    />
  );
}
