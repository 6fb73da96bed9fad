import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PrintIcon } from "../ui/action-icons";

/** Task Details' way to the task's note sheet, where it prints. */
export function PrintNoteSheetButton({ taskId }: { taskId: string }) {
  const { t } = useTranslation("notesheet");
  return (
    <Button
      component={Link}
      to={`/task/${taskId}/note-sheet`}
      variant="default"
      leftSection={<PrintIcon />}
      w="fit-content"
    >
      {t("action.print")}
    </Button>
  );
}
