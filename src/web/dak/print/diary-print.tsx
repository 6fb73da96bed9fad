import { useTranslation } from "react-i18next";
import { PURPOSE_LABELS, type ReceiptItem } from "../../../shared/dak";
import { translateMessage } from "../../../shared/i18n/message";
import { useDisplayDate } from "../../ui/use-display-date";
import { receiptsOfDayOptions } from "../dak-queries";
import { PrintDayButton } from "./print-day-button";
import { Lines, RegisterSheet, type SheetColumn } from "./register-sheet";

/** The diary register's classic columns, as the paper register is ruled. */
function useDiarySheetColumns(): SheetColumn<ReceiptItem>[] {
  const { i18n } = useTranslation("dak");
  const displayDate = useDisplayDate();
  return [
    {
      header: "dak:field.diaryNumber",
      width: "12%",
      render: (receipt) => <bdi>{receipt.diaryNumber}</bdi>,
    },
    {
      header: "dak:field.receivedOn",
      width: "9%",
      render: (receipt) => displayDate(receipt.receivedOn),
    },
    {
      header: "dak:field.senderName",
      width: "15%",
      render: (receipt) => (
        <>
          <bdi>{receipt.senderName}</bdi>
          <Lines areDetails lines={[receipt.senderDesignation, receipt.senderOrganisation]} />
        </>
      ),
    },
    {
      header: "dak:print.letter",
      width: "11%",
      render: (receipt) => (
        <>
          {receipt.letterNumber && <bdi>{receipt.letterNumber}</bdi>}
          <Lines areDetails lines={[receipt.letterDate && displayDate(receipt.letterDate)]} />
        </>
      ),
    },
    {
      header: "dak:field.subject",
      width: "20%",
      render: (receipt) => <bdi>{receipt.subject}</bdi>,
    },
    {
      header: "dak:field.category",
      width: "8%",
      render: (receipt) => <bdi>{receipt.category}</bdi>,
    },
    {
      header: "dak:column.markedTo",
      width: "12%",
      render: (receipt) =>
        receipt.markedTo && (
          <>
            <bdi>{receipt.markedTo.name}</bdi>
            <Lines
              areDetails
              lines={[
                receipt.markPurpose && translateMessage(i18n, PURPOSE_LABELS[receipt.markPurpose]),
              ]}
            />
          </>
        ),
    },
    { header: "dak:field.remarks", width: "8%", render: (receipt) => <bdi>{receipt.remarks}</bdi> },
  ];
}

function DiarySheet({ day, receipts }: { day: string; receipts: ReceiptItem[] }) {
  return (
    <RegisterSheet
      day={day}
      entries={receipts}
      columns={useDiarySheetColumns()}
      words={{
        title: "dak:register.diary",
        table: "dak:print.diaryTableLabel",
        none: "dak:print.diaryNone",
      }}
    />
  );
}

/** Print Day's Register on the Diary Register: the day's receipts, the first diarised first. */
export function PrintDiaryDayButton() {
  return (
    <PrintDayButton
      query={receiptsOfDayOptions}
      sheet={(day, receipts) => <DiarySheet day={day} receipts={receipts} />}
    />
  );
}
