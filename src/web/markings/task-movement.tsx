import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PURPOSE_LABELS } from "../../shared/dak";
import {
  type Custody,
  isConsult,
  MARKING_KIND_LABELS,
  MARKING_OUTCOME_LABELS,
  type MarkingItem,
  type MarkingOutcome,
  type TaskMovement as Movement,
} from "../../shared/markings";
import { api } from "../api/client";
import { useSignedInUser } from "../auth/session";
import { TintedBadge } from "../ui/tinted-badge";
import { useDisplayInstant } from "../ui/use-display-date";
import { AnswerDialog, CloseAsSeenDialog, MarkDialog, PullBackDialog } from "./marking-dialogs";
import { markingKeys, useMovement } from "./marking-queries";
import classes from "./movement.module.css";

/** "Name, Designation" as the timeline names a person. */
function personLabel(person: MarkingItem["from"]): string {
  return person.designation ? `${person.name}, ${person.designation}` : person.name;
}

function MovementEntry({ marking, isCurrent }: { marking: MarkingItem; isCurrent: boolean }) {
  const { t } = useTranslation(["markings", "dak", "tasks"]);
  const displayInstant = useDisplayInstant();
  return (
    <li className={isCurrent ? `${classes.entry} ${classes.current}` : classes.entry}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <TintedBadge color={marking.kind === "pulled_back" ? "orange" : "blue"}>
              {t(MARKING_KIND_LABELS[marking.kind])}
            </TintedBadge>
            <Text size="sm" fw={600}>
              {t("movement.fromTo", {
                from: personLabel(marking.from),
                to: personLabel(marking.to),
              })}
            </Text>
          </Group>
          <Text component="time" dateTime={marking.markedAt} size="xs" c="dimmed">
            {t("tasks:thread.when", displayInstant(marking.markedAt))}
          </Text>
        </Group>
        <Group gap="xs">
          <TintedBadge color="gray">{t(PURPOSE_LABELS[marking.purpose])}</TintedBadge>
          {marking.outcome && (
            <TintedBadge color="green">
              {t("movement.answer", { outcome: t(MARKING_OUTCOME_LABELS[marking.outcome]) })}
            </TintedBadge>
          )}
        </Group>
        {marking.remark && (
          <Text size="sm" className={classes.text}>
            {marking.remark}
          </Text>
        )}
        {marking.pullBackReason && (
          <Text size="sm" className={classes.text}>
            {t("movement.pullBackReason", { reason: marking.pullBackReason })}
          </Text>
        )}
        {marking.route.length > 0 && (
          <Text size="sm">
            {t("movement.routeNext", {
              names: marking.route.map((step) => step.name).join(` ${t("movement.routeArrow")} `),
            })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {marking.openedAt
            ? t("movement.opened", {
                when: t("tasks:thread.when", displayInstant(marking.openedAt)),
              })
            : t("movement.notOpened")}
          {" · "}
          {t("movement.held", { count: marking.daysHeld })}
        </Text>
      </Stack>
    </li>
  );
}

type Dialog =
  | { kind: "mark" }
  | { kind: "pullBack" }
  | { kind: "closeAsSeen" }
  | {
      kind: "answer";
      outcome: MarkingOutcome;
    };

/** The buttons the server allows this reader now (custody.can), and their dialogs. */
function MarkingActions({ taskId, custody }: { taskId: string; custody: Custody }) {
  const { t } = useTranslation(["markings", "common"]);
  const user = useSignedInUser();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const { can } = custody;
  if (!can.markOnward && !can.pullBack && !can.closeAsSeen && can.answer.length === 0) return null;
  return (
    <Group gap="xs">
      {can.answer.map((outcome) => (
        <Button key={outcome} size="xs" onClick={() => setDialog({ kind: "answer", outcome })}>
          {t(MARKING_OUTCOME_LABELS[outcome])}
        </Button>
      ))}
      {can.closeAsSeen && (
        <Button size="xs" onClick={() => setDialog({ kind: "closeAsSeen" })}>
          {t("action.closeAsSeen")}
        </Button>
      )}
      {can.markOnward && (
        <Button size="xs" variant="default" onClick={() => setDialog({ kind: "mark" })}>
          {t("action.mark")}
        </Button>
      )}
      {can.pullBack && (
        <Button size="xs" variant="default" onClick={() => setDialog({ kind: "pullBack" })}>
          {t("action.pullBack")}
        </Button>
      )}
      <MarkDialog
        taskId={taskId}
        holderId={custody.holderId}
        isConsultOnly={custody.holderId === user.id && isConsult(custody.purpose)}
        opened={dialog?.kind === "mark"}
        onClose={close}
      />
      <PullBackDialog taskId={taskId} opened={dialog?.kind === "pullBack"} onClose={close} />
      <CloseAsSeenDialog taskId={taskId} opened={dialog?.kind === "closeAsSeen"} onClose={close} />
      <AnswerDialog
        taskId={taskId}
        outcome={dialog?.kind === "answer" ? dialog.outcome : null}
        opened={dialog?.kind === "answer"}
        onClose={close}
      />
    </Group>
  );
}

/**
 * The holder's first look at what was marked to them is recorded (the sender can no longer
 * pull it back). It is no action of theirs, so nothing is toasted: a plain mutation, sent once
 * per holding (the server ignores a holding it need not record, e.g. one pulled back to them).
 */
function useOpenOnArrival(taskId: string, movement: Movement | undefined) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const sent = useRef<string | null>(null);
  const open = useMutation({
    mutationFn: () => parseResponse(api.api.tasks[":id"].open.$post({ param: { id: taskId } })),
    onSuccess: (result) => queryClient.setQueryData(markingKeys.movement(taskId), result.movement),
  });
  const holding = movement?.markings.at(-1);
  const isUnopenedHolding =
    movement !== undefined &&
    holding !== undefined &&
    movement.custody.holderId === user.id &&
    !movement.custody.opened;
  useEffect(() => {
    if (!isUnopenedHolding || !holding || sent.current === holding.id) return;
    sent.current = holding.id;
    open.mutate();
  }, [isUnopenedHolding, holding, open.mutate]);
}

/**
 * Where the file has been: each holding, oldest first, with who marked it to whom, why, what
 * they wrote, when it was opened and how long it was held; and what the reader may do now.
 * Organization heads read it without actions (the server gives them none).
 */
export function TaskMovement({ taskId }: { taskId: string }) {
  const { t } = useTranslation(["markings", "common"]);
  const headingId = useId();
  const { data, isPending, isError } = useMovement(taskId);
  useOpenOnArrival(taskId, data);

  let body: ReactNode;
  if (isPending) body = <Skeleton height={80} />;
  else if (isError) body = <Text c="red">{t("movement.loadFailed")}</Text>;
  else
    body = (
      <ol className={classes.list} aria-labelledby={headingId}>
        {data.markings.map((marking, index) => (
          <MovementEntry
            key={marking.id}
            marking={marking}
            isCurrent={index === data.markings.length - 1}
          />
        ))}
      </ol>
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5" id={headingId}>
            {t("movement.title")}
          </Title>
          {data && <MarkingActions taskId={taskId} custody={data.custody} />}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
