import { Badge, Button, CloseButton, Select } from "@mantine/core";
import { formatDisplayDate } from "../../../shared/dates";
import {
  STATUS_FILTERS,
  type StatusFilter,
  TASK_FILTER_FIELDS,
  type TaskFilterField,
  type TaskListState,
  taskListState,
} from "../../../shared/tasks";
import { DateFilter } from "../../ui/forms/date-field";
import { FilterBar } from "../../ui/list/filter-bar";
import { activeFields } from "../../ui/list/use-list-state";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { STATUS_FILTER_LABELS } from "../status-display";

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: STATUS_FILTER_LABELS[value],
}));

/** The assign-date range in words ("Assigned Nov 15, 2026 – Nov 22, 2026"), or null when unset. */
function describeAssignRange({
  assignDateFrom,
  assignDateTo,
}: Pick<TaskListState, "assignDateFrom" | "assignDateTo">): string | null {
  if (assignDateFrom && assignDateTo) {
    return `Assigned ${formatDisplayDate(assignDateFrom)} – ${formatDisplayDate(assignDateTo)}`;
  }
  if (assignDateFrom) return `Assigned from ${formatDisplayDate(assignDateFrom)}`;
  if (assignDateTo) return `Assigned until ${formatDisplayDate(assignDateTo)}`;
  return null;
}

const onDay = (label: string, day: string | undefined) =>
  day ? `${label}: ${formatDisplayDate(day)}` : null;

// One entry per filter field of the shared list query, so a new filter cannot go undescribed.
const FILTER_WORDS: Record<
  TaskFilterField,
  (filters: TaskListState, assignedUserName: string | undefined) => string | null
> = {
  status: (filters) => `Status: ${STATUS_FILTER_LABELS[filters.status]}`,
  assignDate: (filters) => onDay("Assign Date", filters.assignDate),
  dueDate: (filters) => onDay("Due Date", filters.dueDate),
  // The range reads as one phrase, said with its start when it has one.
  assignDateFrom: describeAssignRange,
  assignDateTo: (filters) => (filters.assignDateFrom ? null : describeAssignRange(filters)),
  assignedUser: (_, assignedUserName) => `Assigned User: ${assignedUserName ?? "the chosen user"}`,
};

/**
 * The filters in force, in words and in the bar's order: the printout's summary, and (counted)
 * the phone's "Filters (n)" and whether Clear Filters has anything to clear.
 */
export function describeTaskFilters(filters: TaskListState, assignedUserName?: string): string[] {
  return activeFields(taskListState, filters, TASK_FILTER_FIELDS).flatMap(
    (field) => FILTER_WORDS[field](filters, assignedUserName) ?? [],
  );
}

type TaskFiltersProps = {
  filters: TaskListState;
  onChange: (change: Partial<TaskListState>) => void;
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
  const activeCount = describeTaskFilters(filters).length;

  return (
    <FilterBar label="Filter tasks" activeCount={activeCount}>
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status: (status as StatusFilter | null) ?? "all" })}
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <DateFilter
        label="Assign Date"
        value={filters.assignDate}
        onChange={(assignDate) => onChange({ assignDate })}
      />
      <DateFilter
        label="Due Date"
        value={filters.dueDate}
        onChange={(dueDate) => onChange({ dueDate })}
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
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        Clear Filters
      </Button>
    </FilterBar>
  );
}
