import { Button } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import {
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  TASKS_MAX_PAGE_SIZE,
  type TaskListState,
  type TaskPage,
} from "../../../shared/tasks";
import { PrintIcon } from "../../ui/action-icons";
import { notifyError } from "../../ui/notify";
import printout from "../../ui/print/printout.module.css";
import { useDisplayDate } from "../../ui/use-display-date";
import { assignableUsersQuery } from "../../users/assignable-users";
import { describeTaskFilters, useFilterWords } from "../list/task-filters";
import { TASK_STATUS_COLORS } from "../status-display";
import { taskListOptions } from "../task-queries";
import classes from "./print-tasks.module.css";

type Printout = { page: TaskPage; filterSummary: string };

function TaskPrintout({ page, filterSummary }: Printout) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  const isCut = page.total > page.tasks.length;
  const tasks = isCut
    ? t("print.firstOf", { shown: page.tasks.length, total: page.total })
    : t("print.count", { count: page.total });
  return (
    <div className={classes.printArea}>
      <h1 className={printout.title}>{t("print.title")}</h1>
      <p className={printout.subtitle}>
        {t("print.summary", { filters: filterSummary, date: displayDate(page.today), tasks })}
      </p>
      <table className={printout.table} aria-label={t("print.tableLabel")}>
        <thead>
          <tr>
            <th scope="col">{t("field.subject")}</th>
            <th scope="col">{t("field.assignedTo")}</th>
            <th scope="col">{t("field.assignDate")}</th>
            <th scope="col">{t("field.dueDate")}</th>
            <th scope="col">{t("field.status")}</th>
          </tr>
        </thead>
        <tbody>
          {page.tasks.map((task) => (
            <tr key={task.id}>
              <td>{task.subject}</td>
              <td>{task.assignedUserName}</td>
              <td className={printout.nowrap}>{displayDate(task.assignDate)}</td>
              <td className={printout.nowrap}>{displayDate(task.dueDate)}</td>
              <td className={printout.status} style={{ color: TASK_STATUS_COLORS[task.status] }}>
                {t(TASK_STATUS_LABELS[task.status])}
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
  const words = useFilterWords();
  const [printout, setPrintout] = useState<Printout | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  useWindowEvent("afterprint", () => setPrintout(null));

  async function handlePrint() {
    setIsPreparing(true);
    try {
      // The people are fetched with the tasks (or read from the cache), so the summary names
      // the assignee however soon after the page opened Print Tasks is pressed.
      const [page, people] = await Promise.all([
        queryClient.fetchQuery({
          ...taskListOptions({ ...filters, page: 1, pageSize: TASKS_MAX_PAGE_SIZE }),
          staleTime: 0,
        }),
        filters.assignedUser ? queryClient.fetchQuery(assignableUsersQuery()) : undefined,
      ]);
      const assignedUserName = people?.find(
        (user) => user.id === filters.assignedUser,
      )?.displayName;
      const parts = describeTaskFilters(filters, words, assignedUserName);
      const filterSummary =
        parts.length > 0 ? parts.join(words.t("print.filterSeparator")) : words.t("print.allTasks");
      // The table must be in the document before the print dialog takes its snapshot.
      flushSync(() => setPrintout({ page, filterSummary }));
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
        {words.t("action.printTasks")}
      </Button>
      {printout && createPortal(<TaskPrintout {...printout} />, document.body)}
    </>
  );
}
