import { Badge, Button, CloseButton, Group, Select } from "@mantine/core";
import { STATUS_FILTERS, type StatusFilter } from "../../../shared/tasks";
import { DateField } from "../../ui/date-field";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { STATUS_FILTER_LABELS } from "../status-display";
import {
  describeAssignRange,
  type TaskFilterChange,
  type TaskFilterValues,
} from "./use-task-filters";

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: STATUS_FILTER_LABELS[value],
}));

type TaskFiltersProps = {
  filters: TaskFilterValues;
  onChange: (change: TaskFilterChange) => void;
  onClear: () => void;
  /** Admins and organization heads filter by assignee; a user sees only their own tasks. */
  withAssignedUser?: boolean;
};

/** SPEC.md 'Filters': status, assign date, due date and (where enabled) assigned user. */
export function TaskFilters({
  filters,
  onChange,
  onClear,
  withAssignedUser = false,
}: TaskFiltersProps) {
  const users = useAssignableUserOptions({ enabled: withAssignedUser });
  const assignRange = describeAssignRange(filters);
  const hasFilters =
    filters.status !== "all" ||
    filters.assignDate ||
    filters.dueDate ||
    filters.assignedUser ||
    assignRange;

  return (
    <Group role="group" aria-label="Filter tasks" align="flex-end" gap="sm">
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status: (status as StatusFilter | null) ?? "all" })}
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <DateField
        label="Assign Date"
        placeholder="Any date"
        clearable
        value={filters.assignDate}
        onChange={(assignDate) => onChange({ assignDate: assignDate || undefined })}
        w={{ base: "100%", xs: 170 }}
      />
      <DateField
        label="Due Date"
        placeholder="Any date"
        clearable
        value={filters.dueDate}
        onChange={(dueDate) => onChange({ dueDate: dueDate || undefined })}
        w={{ base: "100%", xs: 170 }}
      />
      {withAssignedUser && (
        <Select
          label="Assigned User"
          placeholder={users.isLoading ? "Loading users..." : "All users"}
          data={users.options}
          value={filters.assignedUser ?? null}
          onChange={(assignedUser) => onChange({ assignedUser: assignedUser ?? undefined })}
          searchable
          clearable
          clearButtonProps={{ "aria-label": "Clear Assigned User" }}
          nothingFoundMessage="No matching users"
          w={{ base: "100%", xs: 220 }}
        />
      )}
      {assignRange && (
        // The range has no field of its own: it comes from links such as Performance Reports'.
        <Badge
          size="lg"
          variant="light"
          tt="none"
          mb={6}
          rightSection={
            <CloseButton
              size="xs"
              aria-label="Remove assign date range"
              onClick={() => onChange({ assignDateFrom: undefined, assignDateTo: undefined })}
            />
          }
        >
          {assignRange}
        </Badge>
      )}
      <Button variant="default" onClick={onClear} disabled={!hasFilters}>
        Clear Filters
      </Button>
    </Group>
  );
}
