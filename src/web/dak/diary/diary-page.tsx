import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { keepsRegisters, receiptListState } from "../../../shared/dak";
import { useSignedInUser } from "../../auth/session";
import { DataTable } from "../../ui/list/data-table";
import { ExcelExportButton } from "../../ui/list/excel-export-button";
import { BackToFirstPage, Pager } from "../../ui/list/pager";
import { useListState } from "../../ui/list/use-list-state";
import { useReceipts } from "../dak-queries";
import { DiariseDialog } from "./diarise-dialog";
import { useReceiptColumns } from "./receipt-columns";
import { RECEIPT_FILTER_FIELDS, ReceiptFilters } from "./receipt-filters";

/**
 * /dak/diary: the letters received, newest first. Everyone signed in reads what is theirs to
 * read (the server decides); the register's keepers diarise.
 */
export function DiaryPage() {
  const { t } = useTranslation(["dak", "common"]);
  const me = useSignedInUser();
  const list = useListState(receiptListState, RECEIPT_FILTER_FIELDS);
  const query = useReceipts(list.values);
  const columns = useReceiptColumns();
  const [isDiarising, diariseDialog] = useDisclosure(false);
  const { data, isError, isPlaceholderData, refetch } = query;
  const hasFilters = list.activeFilters.length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t("common:page.diaryRegister")}</Title>
        <Group gap="sm">
          <ExcelExportButton
            list="receipts"
            filters={list.values}
            isEmpty={!data || data.total === 0}
          />
          {keepsRegisters(me) && (
            <Button onClick={diariseDialog.open}>{t("action.diarise")}</Button>
          )}
        </Group>
      </Group>
      <ReceiptFilters
        filters={list.values}
        activeCount={list.activeFilters.length}
        onChange={list.change}
        onClear={list.clear}
      />
      <DataTable
        label="dak:diary.tableLabel"
        columns={columns}
        rows={data?.receipts}
        rowKey={(receipt) => receipt.id}
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
            "dak:diary.emptyFiltered"
          ) : (
            "dak:diary.empty"
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
      <DiariseDialog opened={isDiarising} onClose={diariseDialog.close} />
    </Stack>
  );
}
