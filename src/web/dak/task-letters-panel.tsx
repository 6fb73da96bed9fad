import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DispatchItem, keepsRegisters, type ReceiptItem } from "../../shared/dak";
import type { TaskItem } from "../../shared/tasks";
import { useSignedInUser } from "../auth/session";
import { Detail } from "../tasks/details/task-details-dialog";
import { useDisplayDate } from "../ui/use-display-date";
import { receiptPath } from "./dak-display";
import { useTaskLetters } from "./dak-queries";
import { DispatchDialog } from "./dispatch/dispatch-dialog";
import { DakFileAnchor, ScanLinks } from "./receipt/scan-links";

function ReceiptLine({ receipt }: { receipt: ReceiptItem }) {
  const { t } = useTranslation("dak");
  const displayDate = useDisplayDate();
  return (
    <Detail label={t("letters.receipt")}>
      <Stack gap={4}>
        <Group gap="xs">
          <Anchor component={Link} to={receiptPath(receipt.id)} size="sm">
            <bdi>{receipt.diaryNumber}</bdi>
          </Anchor>
          <Text size="sm" c="dimmed">
            {displayDate(receipt.receivedOn)}
          </Text>
        </Group>
        <Text size="sm">{t("letters.from", { sender: receipt.senderName })}</Text>
        <ScanLinks scans={receipt.scans} />
      </Stack>
    </Detail>
  );
}

function DispatchLines({ dispatches }: { dispatches: DispatchItem[] }) {
  const { t } = useTranslation("dak");
  const displayDate = useDisplayDate();
  return (
    <Detail label={t("letters.dispatches")}>
      {dispatches.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("letters.noDispatches")}
        </Text>
      ) : (
        <Stack gap={4}>
          {dispatches.map((dispatch) => (
            <Group key={dispatch.id} gap="xs">
              <Text size="sm">
                <bdi>{dispatch.dispatchNumber}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                {displayDate(dispatch.dispatchedOn)}
              </Text>
              {dispatch.letter && <DakFileAnchor file={dispatch.letter} />}
            </Group>
          ))}
        </Stack>
      )}
    </Detail>
  );
}

/**
 * A task's letters: the receipt it came from (its diary number, sender and scans) and the
 * replies dispatched, with Dispatch Reply for the registers' keepers.
 */
export function TaskLettersPanel({ task }: { task: TaskItem }) {
  const { t } = useTranslation("dak");
  const me = useSignedInUser();
  const { data } = useTaskLetters(task.id);
  const [isReplying, replyDialog] = useDisclosure(false);
  if (!data) return null;
  const { receipt, dispatches } = data;
  const canReply = receipt ? receipt.can.dispatch : keepsRegisters(me);
  if (!receipt && dispatches.length === 0 && !canReply) return null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-letters-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="task-letters-title">
            {t("letters.title")}
          </Title>
          {canReply && (
            <Button variant="default" size="xs" onClick={replyDialog.open}>
              {t("action.dispatchReply")}
            </Button>
          )}
        </Group>
        {receipt ? (
          <ReceiptLine receipt={receipt} />
        ) : (
          <Text size="sm" c="dimmed">
            {t("letters.none")}
          </Text>
        )}
        <DispatchLines dispatches={dispatches} />
      </Stack>
      {canReply && (
        <DispatchDialog
          opened={isReplying}
          onClose={replyDialog.close}
          reply={{
            taskId: task.id,
            subject: task.subject,
            receipt: receipt ? { id: receipt.id, diaryNumber: receipt.diaryNumber } : null,
            hasResponseFile: task.responseFile !== null,
          }}
        />
      )}
    </Paper>
  );
}
