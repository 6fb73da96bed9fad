import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod/mini";
import type { HolidayItem } from "../../shared/calendar";
import { withFallbacks } from "../../shared/list-state";
import { useErrorToast } from "../api/use-error-toast";
import { DeleteIcon, EditIcon } from "../ui/action-icons";
import { confirmAction } from "../ui/forms/confirm";
import { HolidayIcon } from "../ui/icons";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { RowAction } from "../ui/list/row-action";
import { useDialogTarget } from "../ui/list/use-dialog-target";
import { useListState } from "../ui/list/use-list-state";
import { useDisplayDate } from "../ui/use-display-date";
import { AddHolidayDialog, EditHolidayDialog } from "./holiday-dialogs";
import { ImportHolidaysDialog } from "./import-holidays-dialog";
import { useDeleteHoliday, useHolidays, useOfficeYear } from "./office-queries";

/**
 * The year shown lives in the address, so a reload or a shared link shows the same year;
 * without one the page shows this year, which only the server's zone can tell.
 */
const holidaysPageState = withFallbacks(
  z.object({
    year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))),
  }),
);

/** The years offered: a couple either side of this one, and any other year an address asked for. */
function yearOptions(thisYear: number, shown: number): string[] {
  const years = new Set([shown]);
  for (let year = thisYear - 2; year <= thisYear + 2; year += 1) years.add(year);
  return [...years].sort((a, b) => a - b).map(String);
}

function HolidayActions({ holiday, onEdit }: { holiday: HolidayItem; onEdit: () => void }) {
  const { t } = useTranslation(["office", "common"]);
  const displayDate = useDisplayDate();
  const deleteHoliday = useDeleteHoliday();
  // Holidays are named by their date too: two years may each have a "Pakistan Day".
  const name = `${holiday.name} (${displayDate(holiday.date)})`;

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "office:holidays.deleteTitle",
      message: t("holidays.deleteConfirm", {
        name: holiday.name,
        date: displayDate(holiday.date),
      }),
      confirmLabel: "common:action.delete",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteHoliday.mutate(holiday.date);
  }

  return (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={t("common:row.edit", { name })}
        tooltip={t("common:action.edit")}
        onClick={onEdit}
      >
        <EditIcon />
      </RowAction>
      <RowAction
        label={t("common:row.delete", { name })}
        tooltip={t("common:action.delete")}
        color="red"
        loading={deleteHoliday.isPending}
        onClick={() => void handleDelete()}
      >
        <DeleteIcon />
      </RowAction>
    </Group>
  );
}

/** /admin/holidays: the office's holidays of a year, added one by one or imported as a list. */
export function HolidaysPage() {
  const { t } = useTranslation(["office", "common"]);
  const displayDate = useDisplayDate();
  const thisYear = useOfficeYear();
  const list = useListState(holidaysPageState);
  const year = list.values.year ?? thisYear;
  const query = useHolidays(year);
  useErrorToast(query.error, "office:holidays.loadFailed");
  const [isAdding, addDialog] = useDisclosure(false);
  const [isImporting, importDialog] = useDisclosure(false);
  const editing = useDialogTarget<HolidayItem>();

  const columns: Column<HolidayItem>[] = [
    {
      header: "office:field.date",
      render: (holiday) => displayDate(holiday.date),
      nowrap: true,
    },
    {
      header: "office:field.holidayName",
      render: (holiday) => holiday.name,
      isRowHeader: true,
      minWidth: "12rem",
    },
    actionsColumn((holiday) => (
      <HolidayActions holiday={holiday} onEdit={() => editing.open(holiday)} />
    )),
  ];

  const isEmpty = query.data?.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t("common:page.holidays")}</Title>
        <Group gap="sm">
          <Button variant="default" onClick={importDialog.open}>
            {t("holidays.import")}
          </Button>
          <Button onClick={addDialog.open}>{t("holidays.add")}</Button>
        </Group>
      </Group>
      <Alert variant="light" color="blue" icon={<HolidayIcon />}>
        <Stack gap={4}>
          <Text size="sm">{t("holidays.moonNote")}</Text>
          <Text size="sm">
            {t("holidays.offDaysNote")}{" "}
            <Anchor component={Link} to="/admin/settings" size="sm">
              {t("holidays.openSettings")}
            </Anchor>
          </Text>
        </Stack>
      </Alert>
      <Select
        label={t("holidays.year")}
        data={thisYear && year ? yearOptions(thisYear, year) : []}
        value={year ? String(year) : null}
        onChange={(value) => value && list.change({ year: Number(value) })}
        allowDeselect={false}
        disabled={year === undefined}
        w={{ base: "100%", xs: 140 }}
      />
      {isEmpty && year ? (
        <EmptyState
          icon={<HolidayIcon />}
          title={t("holidays.empty", { year })}
          description={t("holidays.emptyHint")}
        />
      ) : (
        <DataTable
          label={t("holidays.tableLabel", { year: year ?? "" })}
          columns={columns}
          rows={query.data}
          rowKey={(holiday) => holiday.date}
          failure={
            query.isError && !query.data
              ? { message: "office:holidays.loadFailed", onRetry: () => void query.refetch() }
              : null
          }
          empty={null}
        />
      )}
      <AddHolidayDialog opened={isAdding} onClose={addDialog.close} />
      <ImportHolidaysDialog opened={isImporting} onClose={importDialog.close} />
      <EditHolidayDialog holiday={editing.target} opened={editing.isOpen} onClose={editing.close} />
    </Stack>
  );
}
