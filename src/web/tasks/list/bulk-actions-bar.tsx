import { Button, Checkbox, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type BulkTaskInput, bulkTaskFilter } from "../../../shared/bulk-tasks";
import type { TaskListState, TaskPage } from "../../../shared/tasks";
import { toQuery } from "../../api/client";
import { BulkCompleteButton, BulkDueDateButton, BulkReassignButton } from "./bulk-dialogs";

/** Manage Tasks' ticked rows (of the page shown), or every task the filters match. */
export type TaskSelection = { ids: readonly string[]; isAllMatching: boolean };
export const NO_SELECTION: TaskSelection = { ids: [], isAllMatching: false };

export function isTaskSelected(selection: TaskSelection, id: string): boolean {
  return selection.isAllMatching || selection.ids.includes(id);
}

/** Ticks or unticks one row; unticking one of "all matching" keeps the rest of the page. */
export function toggleTask(
  selection: TaskSelection,
  pageIds: readonly string[],
  id: string,
  isChecked: boolean,
): TaskSelection {
  const ids = selection.isAllMatching ? pageIds : selection.ids;
  return {
    ids: isChecked ? [...ids, id] : ids.filter((other) => other !== id),
    isAllMatching: false,
  };
}

/** The selection as POST /api/tasks/bulk and the Excel export take it. */
function requestOf(selection: TaskSelection, filters: TaskListState) {
  // The list's filters without its page: what "all matching" applies to.
  const filter = bulkTaskFilter.parse(filters);
  const target: BulkTaskInput["selection"] = selection.isAllMatching
    ? { by: "filter", filter }
    : { by: "ids", ids: [...selection.ids] };
  const ids = selection.isAllMatching ? undefined : selection.ids.join(",");
  // toQuery leaves unset filters out, so every value left is text.
  const query = new URLSearchParams(toQuery({ ...filter, ids }) as Record<string, string>);
  return { target, exportHref: `/api/exports/tasks?${query}` };
}

type BulkActionsBarProps = {
  selection: TaskSelection;
  onChange: (selection: TaskSelection) => void;
  page: TaskPage | undefined;
  filters: TaskListState;
};

/**
 * Above Manage Tasks' table: the page's select-all box, what is selected (and the way to
 * every task matching the filter), and the actions on the selection.
 */
export function BulkActionsBar({ selection, onChange, page, filters }: BulkActionsBarProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const pageIds = page?.tasks.map((task) => task.id) ?? [];
  if (!page || pageIds.length === 0) return null;
  const selectedOnPage = pageIds.filter((id) => isTaskSelected(selection, id)).length;
  const isPageSelected = selectedOnPage === pageIds.length;
  const count = selection.isAllMatching ? page.total : selection.ids.length;
  const { target, exportHref } = requestOf(selection, filters);
  const clear = () => onChange(NO_SELECTION);

  return (
    <Paper withBorder p="xs" component="section" aria-label={t("bulk.barLabel")}>
      <Group gap="sm" wrap="wrap">
        <Checkbox
          label={t("bulk.selectPage")}
          checked={isPageSelected}
          indeterminate={selectedOnPage > 0 && !isPageSelected}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked ? { ids: pageIds, isAllMatching: false } : NO_SELECTION,
            )
          }
        />
        {count > 0 && (
          <>
            <Text size="sm" fw={500}>
              {selection.isAllMatching
                ? t("bulk.allMatchingSelected", { count })
                : t("bulk.selected", { count })}
            </Text>
            {isPageSelected && !selection.isAllMatching && page.total > pageIds.length && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onChange({ ids: [], isAllMatching: true })}
              >
                {t("bulk.selectAllMatching", { count: page.total })}
              </Button>
            )}
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              {t("bulk.clearSelection")}
            </Button>
            <Group gap="xs">
              <BulkReassignButton selection={target} count={count} onDone={clear} />
              <BulkDueDateButton selection={target} count={count} onDone={clear} />
              <BulkCompleteButton selection={target} count={count} onDone={clear} />
              <Button component="a" href={exportHref} download variant="light" size="compact-sm">
                {t("bulk.action.export")}
              </Button>
            </Group>
          </>
        )}
      </Group>
    </Paper>
  );
}
