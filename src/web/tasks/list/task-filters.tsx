import { Badge, Button, CloseButton, Select } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MessageKey } from "../../../shared/i18n/message";
import { AGE_BUCKET_LABELS, AGE_BUCKETS, type AgeBucket } from "../../../shared/pendency";
import {
  EXTENSION_FILTERS,
  type ExtensionFilter,
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
import { useDisplayDate } from "../../ui/use-display-date";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { ViewsMenu } from "../../views/views-menu";
import { STATUS_FILTER_LABELS } from "../status-display";

type FilterWords = {
  t: TFunction<["tasks", "common"]>;
  displayDate: (isoDate: string) => string;
};

/** What describing the filters needs: the page's words and its way of writing dates. */
export function useFilterWords(): FilterWords {
  const { t } = useTranslation(["tasks", "common"]);
  return { t, displayDate: useDisplayDate() };
}

/** The assign-date range in words ("Assigned Nov 15, 2026 – Nov 22, 2026"), or null when unset. */
function describeAssignRange(
  { assignDateFrom, assignDateTo }: Pick<TaskListState, "assignDateFrom" | "assignDateTo">,
  { t, displayDate }: FilterWords,
): string | null {
  if (assignDateFrom && assignDateTo) {
    return t("filters.assignedBetween", {
      from: displayDate(assignDateFrom),
      to: displayDate(assignDateTo),
    });
  }
  if (assignDateFrom) return t("filters.assignedFrom", { date: displayDate(assignDateFrom) });
  if (assignDateTo) return t("filters.assignedUntil", { date: displayDate(assignDateTo) });
  return null;
}

/** The Extension filter's choices (catalog keys); none chosen is any task. */
const EXTENSION_FILTER_LABELS = {
  pending: "tasks:filter.extension.pending",
  extended: "tasks:filter.extension.extended",
} as const satisfies Record<ExtensionFilter, MessageKey>;

// One entry per filter field of the shared list query, so a new filter cannot go undescribed.
const FILTER_WORDS: Record<
  TaskFilterField,
  (
    filters: TaskListState,
    assignedUserName: string | undefined,
    words: FilterWords,
  ) => string | null
> = {
  status: (filters, _, { t }) =>
    t("filters.status", { status: t(STATUS_FILTER_LABELS[filters.status]) }),
  assignDate: ({ assignDate }, _, { t, displayDate }) =>
    assignDate ? t("filters.assignDate", { date: displayDate(assignDate) }) : null,
  dueDate: ({ dueDate }, _, { t, displayDate }) =>
    dueDate ? t("filters.dueDate", { date: displayDate(dueDate) }) : null,
  // The range reads as one phrase, said with its start when it has one.
  assignDateFrom: (filters, _, words) => describeAssignRange(filters, words),
  assignDateTo: (filters, _, words) =>
    filters.assignDateFrom ? null : describeAssignRange(filters, words),
  assignedUser: (_, assignedUserName, { t }) =>
    assignedUserName
      ? t("filters.assignedUser", { name: assignedUserName })
      : t("filters.assignedUserUnnamed"),
  extension: ({ extension }, _, { t }) =>
    extension ? t("filters.extension", { extension: t(EXTENSION_FILTER_LABELS[extension]) }) : null,
  age: ({ age }, _, { t }) => (age ? t("filters.age", { age: t(AGE_BUCKET_LABELS[age]) }) : null),
  completedFrom: ({ completedFrom }, _, { t, displayDate }) =>
    completedFrom ? t("filters.completedFrom", { date: displayDate(completedFrom) }) : null,
};

/**
 * The filters in force, in words and in the bar's order: the printout's summary, and (counted)
 * the phone's "Filters (n)" and whether Clear Filters has anything to clear.
 */
export function describeTaskFilters(
  filters: TaskListState,
  words: FilterWords,
  assignedUserName?: string,
): string[] {
  return activeFields(taskListState, filters, TASK_FILTER_FIELDS).flatMap(
    (field) => FILTER_WORDS[field](filters, assignedUserName, words) ?? [],
  );
}

type TaskFiltersProps = {
  filters: TaskListState;
  onChange: (change: Partial<TaskListState>) => void;
  onClear: () => void;
  /** Admins and organization heads filter by assignee; a user sees only their own tasks. */
  withAssignedUser?: boolean;
  /** The list's Columns menu, after the filters: how the list is shown, not what it holds. */
  columnsMenu?: ReactNode;
};

/** A filter set by a link, with no field of its own: shown as a badge its button removes. */
function LinkedFilterBadge({
  removeLabel,
  onRemove,
  children,
}: {
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      mb={6}
      rightSection={<CloseButton size="xs" aria-label={removeLabel} onClick={onRemove} />}
    >
      {children}
    </Badge>
  );
}

/**
 * SPEC.md 'Filters': status, assign date, due date and (where enabled) assigned user; then the
 * tasks with an extension request pending, or given a later due date; open tasks by how long
 * past due (the Pendency page's buckets) and, from its links, tasks completed since a date.
 */
export function TaskFilters({
  filters,
  onChange,
  onClear,
  withAssignedUser = false,
  columnsMenu,
}: TaskFiltersProps) {
  const words = useFilterWords();
  const { t } = words;
  const users = useAssignableUserOptions({ enabled: withAssignedUser });
  const assignRange = describeAssignRange(filters, words);
  const activeCount = describeTaskFilters(filters, words).length;
  const statusOptions = STATUS_FILTERS.map((value) => ({
    value,
    label: t(STATUS_FILTER_LABELS[value]),
  }));
  const extensionOptions = EXTENSION_FILTERS.map((value) => ({
    value,
    label: t(EXTENSION_FILTER_LABELS[value]),
  }));
  const ageOptions = AGE_BUCKETS.map((value) => ({ value, label: t(AGE_BUCKET_LABELS[value]) }));

  return (
    <FilterBar
      label={t("filters.label")}
      activeCount={activeCount}
      views={<ViewsMenu lists={["manageTasks", "headTasks"]} />}
    >
      <Select
        label={t("field.status")}
        data={statusOptions}
        value={filters.status}
        onChange={(status) => onChange({ status: (status as StatusFilter | null) ?? "all" })}
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <DateFilter
        label={t("field.assignDate")}
        value={filters.assignDate}
        onChange={(assignDate) => onChange({ assignDate })}
      />
      <DateFilter
        label={t("field.dueDate")}
        value={filters.dueDate}
        onChange={(dueDate) => onChange({ dueDate })}
      />
      {withAssignedUser && (
        <Select
          label={t("field.assignedUser")}
          placeholder={users.isLoading ? t("placeholder.loadingUsers") : t("placeholder.allUsers")}
          data={users.options}
          value={filters.assignedUser ?? null}
          onChange={(assignedUser) => onChange({ assignedUser: assignedUser ?? undefined })}
          searchable
          clearable
          clearButtonProps={{
            "aria-label": t("common:action.clearField", { field: t("field.assignedUser") }),
          }}
          nothingFoundMessage={t("noMatchingUsers")}
          w={{ base: "100%", xs: 220 }}
        />
      )}
      <Select
        label={t("field.extension")}
        placeholder={t("placeholder.anyExtension")}
        data={extensionOptions}
        value={filters.extension ?? null}
        onChange={(extension) =>
          onChange({ extension: (extension as ExtensionFilter | null) ?? undefined })
        }
        clearable
        clearButtonProps={{
          "aria-label": t("common:action.clearField", { field: t("field.extension") }),
        }}
        w={{ base: "100%", xs: 170 }}
      />
      <Select
        label={t("field.age")}
        placeholder={t("placeholder.anyAge")}
        data={ageOptions}
        value={filters.age ?? null}
        onChange={(age) => onChange({ age: (age as AgeBucket | null) ?? undefined })}
        clearable
        clearButtonProps={{
          "aria-label": t("common:action.clearField", { field: t("field.age") }),
        }}
        w={{ base: "100%", xs: 190 }}
      />
      {assignRange && (
        // The range has no field of its own: it comes from links such as Performance Reports'.
        <LinkedFilterBadge
          removeLabel={t("action.removeAssignRange")}
          onRemove={() => onChange({ assignDateFrom: undefined, assignDateTo: undefined })}
        >
          {assignRange}
        </LinkedFilterBadge>
      )}
      {filters.completedFrom && (
        // Like the range: set by a link (the Pendency page's "completed this week").
        <LinkedFilterBadge
          removeLabel={t("action.removeCompletedFrom")}
          onRemove={() => onChange({ completedFrom: undefined })}
        >
          {FILTER_WORDS.completedFrom(filters, undefined, words)}
        </LinkedFilterBadge>
      )}
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        {t("common:action.clearFilters")}
      </Button>
      {columnsMenu}
    </FilterBar>
  );
}
