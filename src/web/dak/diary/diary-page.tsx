import { receiptListState } from "../../../shared/dak";
import { useListState } from "../../ui/list/use-list-state";
import { useReceipts } from "../dak-queries";
import { PrintDiaryDayButton } from "../print/diary-print";
import { RegisterPage } from "../register-page";
import { DiariseDialog } from "./diarise-dialog";
import { useReceiptColumns } from "./receipt-columns";
import { RECEIPT_FILTER_FIELDS, ReceiptFilters } from "./receipt-filters";

/** /dak/diary: the letters received, newest first; the register's keepers diarise. */
export function DiaryPage() {
  const list = useListState(receiptListState, RECEIPT_FILTER_FIELDS);
  const query = useReceipts(list.values);
  const columns = useReceiptColumns();
  return (
    <RegisterPage
      title="common:page.diaryRegister"
      exportList={{ list: "receipts", filters: list.values }}
      printDay={<PrintDiaryDayButton />}
      action={{ label: "dak:action.diarise", dialog: (props) => <DiariseDialog {...props} /> }}
      filters={
        <ReceiptFilters
          filters={list.values}
          activeCount={list.activeFilters.length}
          onChange={list.change}
          onClear={list.clear}
        />
      }
      page={list.values.page}
      hasFilters={list.activeFilters.length > 0}
      onPageChange={(page) => list.change({ page })}
      query={{ ...query, data: query.data && { ...query.data, rows: query.data.receipts } }}
      columns={columns}
      words={{
        table: "dak:diary.tableLabel",
        empty: "dak:diary.empty",
        emptyFiltered: "dak:diary.emptyFiltered",
      }}
    />
  );
}
