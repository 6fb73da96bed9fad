import { Button } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { formatDisplayDate } from "../../../shared/dates";
import {
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  TASKS_MAX_PAGE_SIZE,
  type TaskListState,
  type TaskPage,
} from "../../../shared/tasks";
import { PrintIcon } from "../../ui/action-icons";
import { notifyError } from "../../ui/notify";
import { useAssignableUsers } from "../../users/assignable-users";
import { describeTaskFilters } from "../list/task-filters";
import { TASK_STATUS_COLORS } from "../status-display";
import { taskListOptions } from "../task-queries";
import classes from "./print-tasks.module.css";

type Printout = { page: TaskPage; filterSummary: string };

function describeFilters(filters: TaskListState, assignedUserName: string | undefined): string {
  const parts = describeTaskFilters(filters, assignedUserName);
  return parts.length > 0 ? parts.join("; ") : "All tasks";
}

function TaskPrintout({ page, filterSummary }: Printout) {
  const isCut = page.total > page.tasks.length;
  return (
    <div className={classes.printArea}>
      <h1 className={classes.title}>HED Task Management System: Tasks</h1>
      <p className={classes.subtitle}>
        {filterSummary} · Printed on {formatDisplayDate(page.today)} ·{" "}
        {isCut ? `the first ${page.tasks.length} of ${page.total} tasks` : `${page.total} tasks`}
      </p>
      <table className={classes.table} aria-label="Tasks to print">
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Assigned To</th>
            <th scope="col">Assign Date</th>
            <th scope="col">Due Date</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {page.tasks.map((task) => (
            <tr key={task.id}>
              <td>{task.subject}</td>
              <td>{task.assignedUserName}</td>
              <td className={classes.nowrap}>{formatDisplayDate(task.assignDate)}</td>
              <td className={classes.nowrap}>{formatDisplayDate(task.dueDate)}</td>
              <td className={classes.status} style={{ color: TASK_STATUS_COLORS[task.status] }}>
                {TASK_STATUS_LABELS[task.status]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Print Tasks: fetches every task matching the filters (not just the page on screen), puts
 * them in a print-only table and opens the browser's print dialog. The copy goes once the
 * printing is over, so a later Ctrl+P prints the page as it is.
 */
export function PrintTasksButton({ filters }: { filters: TaskListState }) {
  const queryClient = useQueryClient();
  const [printout, setPrintout] = useState<Printout | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const users = useAssignableUsers({ enabled: Boolean(filters.assignedUser) });
  useWindowEvent("afterprint", () => setPrintout(null));

  async function handlePrint() {
    setIsPreparing(true);
    try {
      const page = await queryClient.fetchQuery({
        ...taskListOptions({ ...filters, page: 1, pageSize: TASKS_MAX_PAGE_SIZE }),
        staleTime: 0,
      });
      const assignedUserName = users.data?.find(
        (user) => user.id === filters.assignedUser,
      )?.displayName;
      // The table must be in the document before the print dialog takes its snapshot.
      flushSync(() =>
        setPrintout({ page, filterSummary: describeFilters(filters, assignedUserName) }),
      );
      window.print();
    } catch {
      notifyError(TASK_MESSAGES.fetchFailed);
    } finally {
      setIsPreparing(false);
    }
  }

  return (
    <>
      <Button
        variant="default"
        leftSection={<PrintIcon />}
        loading={isPreparing}
        onClick={() => void handlePrint()}
      >
        Print Tasks
      </Button>
      {printout && createPortal(<TaskPrintout {...printout} />, document.body)}
    </>
  );
}
