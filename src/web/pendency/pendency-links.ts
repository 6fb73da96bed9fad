import { decisionListState } from "../../shared/decisions";
import type { PendencyFigure } from "../../shared/pendency";
import { taskListState } from "../../shared/tasks";
import { listHref } from "../ui/list/use-list-state";

/** Where a figure's list lives for the viewer: Manage Tasks for admins, the head's task list. */
export type ListPaths = { tasks: string; decisions: string };

export const LIST_PATHS = {
  admin: { tasks: "/admin/manage-tasks", decisions: "/admin/decisions" },
  organization_head: { tasks: "/organization/dashboard", decisions: "/organization/decisions" },
} as const satisfies Record<string, ListPaths>;

/**
 * The list a figure counts, filtered as the server counted it: a person's (or, without
 * `userId`, everyone's) tasks of an ageing bucket, completed since Monday, with an extension
 * request pending, or their pending meeting decisions. Null for the receipts awaiting action:
 * the Diary Register filters neither by the officer holding a receipt's task nor by that task's
 * state, so no list shows exactly them yet.
 */
export function figureHref(
  figure: PendencyFigure,
  paths: ListPaths,
  { userId, weekStart }: { userId?: string; weekStart: string },
): string | null {
  const task = (change: Parameters<typeof listHref<typeof taskListState>>[2]) =>
    listHref(paths.tasks, taskListState, { assignedUser: userId, ...change });
  switch (figure) {
    case "open":
      return task({ status: "open" });
    case "completedThisWeek":
      return task({ status: "completed", completedFrom: weekStart });
    case "pendingExtensions":
      return task({ extension: "pending" });
    case "pendingDecisions":
      return listHref(paths.decisions, decisionListState, { owner: userId, status: "pending" });
    case "receiptsAwaitingAction":
      return null;
    default:
      return task({ age: figure });
  }
}
