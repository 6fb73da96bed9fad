import { Button, Group, Skeleton, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// The data table's own rows (ui/data-table.tsx), with its explicit roles.

/** One full-width row holding a message or a button (empty, failed, emptied page). */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr role="row">
      <Table.Td role="cell" colSpan={colSpan}>
        <Group justify="center" py="lg" gap="sm">
          {children}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Placeholder rows while a list loads: skeletons rather than a spinner. */
export function SkeletonRows({
  columns,
  rows = 5,
}: {
  columns: { header: string }[];
  rows?: number;
}) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
    <Table.Tr key={row} role="row">
      {columns.map((column) => (
        <Table.Td key={column.header} role="cell">
          <Skeleton height={14} my={4} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The row a list shows when it could not load (its message translated), with a way to try again. */
export function LoadFailedRow({
  colSpan,
  message,
  onRetry,
}: {
  colSpan: number;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableMessageRow colSpan={colSpan}>
      <Text c="dimmed">{message}</Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        {t("action.tryAgain")}
      </Button>
    </TableMessageRow>
  );
}
