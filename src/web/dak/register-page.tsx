import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { keepsRegisters } from "../../shared/dak";
import type { ExportList } from "../../shared/exports";
import { type MessageKey, translateMessage } from "../../shared/i18n/message";
import { useSignedInUser } from "../auth/session";
import { type Column, DataTable } from "../ui/list/data-table";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { BackToFirstPage, Pager } from "../ui/list/pager";

type RegisterQuery<Row> = {
  data: { rows: Row[]; page: number; pageSize: number; total: number } | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * A register's page (the Diary and Dispatch Registers): its title, Export Excel, Print Day's
 * Register, the keepers' one action and its dialog, the filters, the table and its pages.
 * Everyone signed in reads what is theirs to read (the server decides).
 */
export function RegisterPage<Row extends { id: string }>({
  title,
  exportList,
  printDay,
  action,
  filters,
  page,
  hasFilters,
  onPageChange,
  query,
  columns,
  words,
}: {
  title: MessageKey;
  exportList: { list: ExportList; filters: Record<string, string | number | undefined> };
  /** Print Day's Register, for everyone who reads the register. */
  printDay: ReactNode;
  /** The keepers' action (Diarise, Dispatch) and its dialog. */
  action: {
    label: MessageKey;
    dialog: (props: { opened: boolean; onClose: () => void }) => ReactNode;
  };
  filters: ReactNode;
  page: number;
  hasFilters: boolean;
  onPageChange: (page: number) => void;
  query: RegisterQuery<Row>;
  columns: Column<Row>[];
  /** The table's name and what it says when empty, with and without filters. */
  words: { table: MessageKey; empty: MessageKey; emptyFiltered: MessageKey };
}) {
  const { i18n } = useTranslation(["dak", "common"]);
  const text = (key: MessageKey) => translateMessage(i18n, key);
  const me = useSignedInUser();
  const [isActing, dialog] = useDisclosure(false);
  const { data, isError, isPlaceholderData, refetch } = query;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{text(title)}</Title>
        <Group gap="sm">
          <ExcelExportButton
            list={exportList.list}
            filters={exportList.filters}
            isEmpty={!data || data.total === 0}
          />
          {printDay}
          {keepsRegisters(me) && <Button onClick={dialog.open}>{text(action.label)}</Button>}
        </Group>
      </Group>
      {filters}
      <DataTable
        label={words.table}
        columns={columns}
        rows={data?.rows}
        rowKey={(row) => row.id}
        isStale={isPlaceholderData}
        failure={
          isError && !data
            ? { message: "dak:register.fetchFailed", onRetry: () => void refetch() }
            : null
        }
        empty={
          page > 1 ? (
            <BackToFirstPage onPageChange={onPageChange} />
          ) : hasFilters ? (
            words.emptyFiltered
          ) : (
            words.empty
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
          onChange={onPageChange}
        />
      )}
      {action.dialog({ opened: isActing, onClose: dialog.close })}
    </Stack>
  );
}
