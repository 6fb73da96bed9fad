import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { dispatchListState, keepsRegisters } from "../../../shared/dak";
import { useSignedInUser } from "../../auth/session";
import { DataTable } from "../../ui/list/data-table";
import { ExcelExportButton } from "../../ui/list/excel-export-button";
import { BackToFirstPage, Pager } from "../../ui/list/pager";
import { useListState } from "../../ui/list/use-list-state";
import { useDispatches } from "../dak-queries";
import { useDispatchColumns } from "./dispatch-columns";
import { DispatchDialog } from "./dispatch-dialog";
import { DISPATCH_FILTER_FIELDS, DispatchFilters } from "./dispatch-filters";

/**
 * /dak/dispatch: the letters sent, newest first. Everyone signed in reads what is theirs to
 * read (the server decides); the register's keepers dispatch.
 */
export function DispatchPage() {
  const { t } = useTranslation(["dak", "common"]);
  const me = useSignedInUser();
  const list = useListState(dispatchListState, DISPATCH_FILTER_FIELDS);
  const query = useDispatches(list.values);
  const columns = useDispatchColumns();
  const [isDispatching, dispatchDialog] = useDisclosure(false);
  const { data, isError, isPlaceholderData, refetch } = query;
  const hasFilters = list.activeFilters.length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t("common:page.dispatchRegister")}</Title>
        <Group gap="sm">
          <ExcelExportButton
            list="dispatches"
            filters={list.values}
            isEmpty={!data || data.total === 0}
          />
          {keepsRegisters(me) && (
            <Button onClick={dispatchDialog.open}>{t("action.dispatch")}</Button>
          )}
        </Group>
      </Group>
      <DispatchFilters
        filters={list.values}
        activeCount={list.activeFilters.length}
        onChange={list.change}
        onClear={list.clear}
      />
      <DataTable
        label="dak:dispatch.tableLabel"
        columns={columns}
        rows={data?.dispatches}
        rowKey={(dispatch) => dispatch.id}
        isStale={isPlaceholderData}
        failure={
          isError && !data
            ? { message: "dak:register.fetchFailed", onRetry: () => void refetch() }
            : null
        }
        empty={
          list.values.page > 1 ? (
            <BackToFirstPage onPageChange={(page) => list.change({ page })} />
          ) : hasFilters ? (
            "dak:dispatch.emptyFiltered"
          ) : (
            "dak:dispatch.empty"
          )
        }
        asCards
        wrapHeaders
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(page) => list.change({ page })}
        />
      )}
      <DispatchDialog opened={isDispatching} onClose={dispatchDialog.close} />
    </Stack>
  );
}
