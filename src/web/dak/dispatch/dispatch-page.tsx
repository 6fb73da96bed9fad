import { dispatchListState } from "../../../shared/dak";
import { useListState } from "../../ui/list/use-list-state";
import { useDispatches } from "../dak-queries";
import { PrintDispatchDayButton } from "../print/dispatch-print";
import { RegisterPage } from "../register-page";
import { useDispatchColumns } from "./dispatch-columns";
import { DispatchDialog } from "./dispatch-dialog";
import { DISPATCH_FILTER_FIELDS, DispatchFilters } from "./dispatch-filters";

/** /dak/dispatch: the letters sent, newest first; the register's keepers dispatch. */
export function DispatchPage() {
  const list = useListState(dispatchListState, DISPATCH_FILTER_FIELDS);
  const query = useDispatches(list.values);
  const columns = useDispatchColumns();
  return (
    <RegisterPage
      title="common:page.dispatchRegister"
      exportList={{ list: "dispatches", filters: list.values }}
      printDay={<PrintDispatchDayButton />}
      action={{ label: "dak:action.dispatch", dialog: (props) => <DispatchDialog {...props} /> }}
      filters={
        <DispatchFilters
          filters={list.values}
          activeCount={list.activeFilters.length}
          onChange={list.change}
          onClear={list.clear}
        />
      }
      page={list.values.page}
      hasFilters={list.activeFilters.length > 0}
      onPageChange={(page) => list.change({ page })}
      query={{ ...query, data: query.data && { ...query.data, rows: query.data.dispatches } }}
      columns={columns}
      words={{
        table: "dak:dispatch.tableLabel",
        empty: "dak:dispatch.empty",
        emptyFiltered: "dak:dispatch.emptyFiltered",
      }}
    />
  );
}
