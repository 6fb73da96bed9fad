import { Button } from "@mantine/core";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { TASK_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { confirmAction } from "../../ui/forms/confirm";
import { useCompleteTask } from "../task-mutations";

/** Mark Completed, after a confirmation, where the server allows it (not once completed). */
export function MarkCompletedButton({ task }: { task: TaskItem }) {
  if (!task.can.complete) return null;
  return <CompleteButton task={task} />;
}

function CompleteButton({ task }: { task: TaskItem }) {
  const { t } = useTranslation(["tasks", "common"]);
  const completeTask = useCompleteTask();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isCompletingRef = useRef(false);
  useFocusKeptInTable(buttonRef, isCompletingRef);

  async function handleMarkCompleted() {
    const isConfirmed = await confirmAction({
      title: "tasks:action.markCompleted",
      message: TASK_MESSAGES.confirmComplete,
    });
    if (!isConfirmed) return;
    isCompletingRef.current = true;
    // The button is about to go: focus leaves the closing confirmation for the row at once.
    focusRowOrTable(placeOf(buttonRef.current));
    completeTask.mutate(task.id, {
      onError: () => {
        isCompletingRef.current = false;
      },
    });
  }

  return (
    <Button
      ref={buttonRef}
      size="compact-sm"
      variant="light"
      loading={completeTask.isPending}
      aria-label={t("action.markCompletedNamed", { name: task.subject })}
      onClick={() => void handleMarkCompleted()}
    >
      {t("action.markCompleted")}
    </Button>
  );
}

type Place = { row?: HTMLElement | null; table?: HTMLElement | null };

function placeOf(button: HTMLButtonElement | null): Place {
  const row = button?.closest("tr");
  return { row, table: row?.closest("table") };
}

/**
 * Focuses the button's row (it reads "Completed" once the task is), or the table when the row
 * has left the list; neither takes a place in the Tab order.
 */
function focusRowOrTable({ row, table }: Place) {
  const landing = row?.isConnected ? row : table;
  if (!landing?.isConnected) return;
  landing.tabIndex = -1;
  landing.focus();
}

/**
 * A completed task's button goes, and focus with it to the page body (the dialog's focus return
 * may have put it back on the button): it lands on the row or table instead, unless the person
 * has moved it elsewhere meanwhile.
 */
function useFocusKeptInTable(
  buttonRef: RefObject<HTMLButtonElement | null>,
  isCompletingRef: RefObject<boolean>,
) {
  useEffect(() => {
    // Read while mounted: by cleanup time the button has left its row.
    const place = placeOf(buttonRef.current);
    return () => {
      const hasLostFocus = !document.activeElement || document.activeElement === document.body;
      if (isCompletingRef.current && hasLostFocus) focusRowOrTable(place);
    };
  }, [buttonRef, isCompletingRef]);
}
