import { Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import type { AuditItem } from "../../shared/audit";
import { todayIn } from "../../shared/dates";
import { usePublicConfig } from "../api/public-config";
import { PrintIcon } from "../ui/action-icons";
import { useDisplayInstant } from "../ui/use-display-date";
import { useTaskHistory } from "./audit-queries";
import { historySentences, useAuditWords } from "./audit-words";
import classes from "./task-history.module.css";

/** The events, newest first, each with its time on the office's clock and its sentences. */
function Timeline({ events }: { events: AuditItem[] }) {
  const words = useAuditWords();
  const displayInstant = useDisplayInstant();
  return (
    <ol className={classes.timeline} aria-label={words.t("audit:history.label")}>
      {events.map((event) => {
        const { date, time } = displayInstant(event.at);
        return (
          <li key={event.id} className={classes.entry}>
            <Text size="xs" c="dimmed">
              {words.t("audit:history.when", { date, time })}
            </Text>
            {historySentences(event, words).map((sentence) => (
              <Text key={sentence} size="sm">
                {sentence}
              </Text>
            ))}
          </li>
        );
      })}
    </ol>
  );
}

type Printout = { subject: string; events: AuditItem[] };

function HistoryPrintout({ subject, events }: Printout) {
  const { t, displayDate } = useAuditWords();
  const timeZone = usePublicConfig().data?.timezone;
  return (
    <div className={classes.printArea}>
      <h1 className={classes.title}>{t("audit:history.printTitle", { subject })}</h1>
      <p className={classes.subtitle}>
        {t("audit:history.printedOn", { date: displayDate(todayIn(timeZone ?? "UTC")) })}
      </p>
      <Timeline events={events} />
    </div>
  );
}

/**
 * A task's History tab: what happened to it, newest first, in plain words; Print History puts
 * the timeline alone on the paper (a copy outside the dialog, gone once printing is over).
 */
export function TaskHistory({ taskId, subject }: { taskId: string; subject: string }) {
  const { t } = useAuditWords();
  const { data, isPending, isError } = useTaskHistory(taskId);
  const [printout, setPrintout] = useState<Printout | null>(null);
  useWindowEvent("afterprint", () => setPrintout(null));

  if (isPending) return <Skeleton height={160} />;
  if (isError) return <Text c="red">{t("audit:history.loadFailed")}</Text>;
  if (data.events.length === 0) return <Text c="dimmed">{t("audit:history.empty")}</Text>;

  function handlePrint(events: AuditItem[]) {
    // The copy must be in the document before the print dialog takes its snapshot.
    flushSync(() => setPrintout({ subject, events }));
    window.print();
  }

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<PrintIcon />}
          onClick={() => handlePrint(data.events)}
        >
          {t("audit:history.print")}
        </Button>
      </Group>
      <Timeline events={data.events} />
      {printout && createPortal(<HistoryPrintout {...printout} />, document.body)}
    </Stack>
  );
}
