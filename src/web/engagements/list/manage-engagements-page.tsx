import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_FILTER_FIELDS,
  type EngagementItem,
  engagementListState,
} from "../../../shared/engagements";
import { ExcelExportButton } from "../../ui/list/excel-export-button";
import { useDialogTarget } from "../../ui/list/use-dialog-target";
import { useListState } from "../../ui/list/use-list-state";
import { useEngagements } from "../engagement-queries";
import { CreateEngagementDialog } from "../forms/create-engagement-dialog";
import { EditEngagementDialog } from "../forms/edit-engagement-dialog";
import { engagementActionsColumn, useEngagementColumns } from "./engagement-columns";
import { EngagementDetailsDialog } from "./engagement-details-dialog";
import { EngagementFilters } from "./engagement-filters";
import { EngagementTable } from "./engagement-table";

/** /admin/manage-engagements: every engagement, newest dates first, with create, edit and delete. */
export function ManageEngagementsPage() {
  const { t } = useTranslation(["engagements", "common"]);
  const engagementColumns = useEngagementColumns();
  const list = useListState(engagementListState, ENGAGEMENT_FILTER_FIELDS);
  const query = useEngagements({ ...list.values, range: "all", order: "desc" });
  const [isCreating, createDialog] = useDisclosure(false);
  const viewing = useDialogTarget<EngagementItem>();
  const editing = useDialogTarget<EngagementItem>();

  const columns = [
    engagementColumns.date,
    engagementColumns.time,
    engagementColumns.subject,
    engagementColumns.venue,
    engagementColumns.inAttendance,
    engagementColumns.status,
    engagementActionsColumn({ onView: viewing.open, onEdit: editing.open }),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t("common:page.manageEngagements")}</Title>
        <Group gap="sm">
          <ExcelExportButton
            list="engagements"
            filters={{ ...list.values, range: "all", order: "desc" }}
            isEmpty={query.data?.engagements.length === 0}
          />
          <Button onClick={createDialog.open}>{t("createNew")}</Button>
        </Group>
      </Group>
      <EngagementFilters
        filters={list.values}
        activeCount={list.activeFilters.length}
        onChange={list.change}
        onClear={list.clear}
      />
      <EngagementTable
        label="engagements:table.label"
        columns={columns}
        query={query}
        emptyMessage={
          list.activeFilters.length > 0 ? "engagements:empty.filtered" : "engagements:empty.manage"
        }
      />
      <CreateEngagementDialog opened={isCreating} onClose={createDialog.close} />
      <EngagementDetailsDialog
        engagement={viewing.target}
        opened={viewing.isOpen}
        onClose={viewing.close}
      />
      <EditEngagementDialog
        engagement={editing.target}
        opened={editing.isOpen}
        onClose={editing.close}
      />
    </Stack>
  );
}
