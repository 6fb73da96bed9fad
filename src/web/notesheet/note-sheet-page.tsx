import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { TASK_MESSAGES } from "../../shared/tasks";
import { hasStatus } from "../api/errors";
import { PrintIcon } from "../ui/action-icons";
import { LoadFailed } from "../ui/load-failed";
import classes from "./note-sheet.module.css";
import { NoteSheetDocument } from "./note-sheet-document";
import { useNoteSheet, useQrCode } from "./notesheet-queries";

/** The address a note sheet's QR code holds: this app's verify page for its code. */
function verifyUrlOf(code: string): string {
  return `${window.location.origin}/verify/${code}`;
}

/**
 * /task/:taskId/note-sheet: the task's note sheet as it will print, and Print Note Sheet. As
 * the other printouts do, the copy to print goes alone under <body> (the print kit hides the
 * app beside it) only while printing, so a later Ctrl+P prints the page as it is.
 */
export function NoteSheetPage() {
  const { t } = useTranslation(["notesheet", "tasks"]);
  const { taskId = "" } = useParams();
  const { data: sheet, error, isPending, refetch } = useNoteSheet(taskId);
  const qr = useQrCode(sheet?.code ? verifyUrlOf(sheet.code) : null);
  const [isPrinting, setIsPrinting] = useState(false);
  useWindowEvent("afterprint", () => setIsPrinting(false));

  if (hasStatus(error, 404)) {
    return (
      <Stack align="flex-start" gap="md">
        <Title order={1} size="h2">
          {t(TASK_MESSAGES.notFound)}
        </Title>
        <Text c="dimmed">{t("tasks:details.notFound")}</Text>
      </Stack>
    );
  }
  if (error) return <LoadFailed message={t("sheet.loadFailed")} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Title order={1} size="h2">
          {t("sheet.title")}
        </Title>
        <Skeleton height={480} />
      </Stack>
    );
  }

  function handlePrint() {
    // The copy must be in the document before the print dialog takes its snapshot.
    flushSync(() => setIsPrinting(true));
    window.print();
  }

  // The QR code is made in the browser: the sheet prints once it is there.
  const isReady = !sheet.code || qr.isSuccess;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button component={Link} to={`/task/${taskId}`} variant="default">
          {t("action.backToTask")}
        </Button>
        <Button leftSection={<PrintIcon />} onClick={handlePrint} disabled={!isReady}>
          {t("action.print")}
        </Button>
      </Group>
      <Paper withBorder p="xl" className={classes.onScreen}>
        <NoteSheetDocument sheet={sheet} qrUrl={qr.data} />
      </Paper>
      {isPrinting &&
        createPortal(
          <div className={classes.printArea}>
            <NoteSheetDocument sheet={sheet} qrUrl={qr.data} />
          </div>,
          document.body,
        )}
    </Stack>
  );
}
