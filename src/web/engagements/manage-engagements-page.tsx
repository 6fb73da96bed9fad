import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { EngagementItem } from "../../shared/engagements";
import { useDialogTarget } from "../ui/use-dialog-target";
import { CreateEngagementDialog } from "./create-engagement-dialog";
import { EditEngagementDialog } from "./edit-engagement-dialog";
import { engagementColumns } from "./engagement-columns";
import { EngagementDetailsDialog } from "./engagement-details-dialog";
import { EngagementFilters } from "./engagement-filters";
import { useEngagements } from "./engagement-queries";
import { EngagementRowActions } from "./engagement-row-actions";
import { EngagementTable } from "./engagement-table";
import { hasActiveFilters, useEngagementFilters } from "./use-engagement-filters";

/** /admin/manage-engagements: every engagement, newest dates first, with create, edit and delete. */
export function ManageEngagementsPage() {
  const { filters, changeFilters, clearFilters } = useEngagementFilters();
  const query = useEngagements({
    range: "all",
    order: "desc",
    venue: filters.venue,
    status: filters.status,
    date: filters.date,
    search: filters.search,
  });
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
    {
      header: "Actions",
      render: (engagement: EngagementItem) => (
        <EngagementRowActions engagement={engagement} onView={viewing.open} onEdit={editing.open} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Manage Engagements</Title>
        <Button onClick={createDialog.open}>Create New Engagement</Button>
      </Group>
      <EngagementFilters filters={filters} onChange={changeFilters} onClear={clearFilters} />
      <EngagementTable
        label="Engagements"
        columns={columns}
        query={query}
        emptyMessage={
          hasActiveFilters(filters)
            ? "No engagements found for the selected filters."
            : "No engagements found. Create your first engagement to get started."
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
