import { Button, Fieldset, Group, Radio, Select, SimpleGrid, Stack, Textarea } from "@mantine/core";
import { randomId } from "@mantine/hooks";
import i18next from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DECISION_MESSAGES,
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  type DecisionInput,
  type DecisionOutcome,
  decisionsInput,
  MAX_DECISIONS_PER_SAVE,
} from "../../shared/decisions";
import type { EngagementDetails } from "../../shared/engagements";
import { translateMessage } from "../../shared/i18n/message";
import { DateField } from "../ui/forms/date-field";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useAssignableUserOptions } from "../users/assignable-users";
import { useRecordDecisions } from "./decision-queries";

type DecisionRow = {
  description: string;
  outcome: DecisionOutcome;
  agendaItemId: string | null;
  ownerId: string | null;
  dueDate: string | null;
  reason: string;
};

function emptyRow(): DecisionRow {
  return {
    description: "",
    outcome: "action",
    agendaItemId: null,
    ownerId: null,
    dueDate: null,
    reason: "",
  };
}

/** What is sent of a row: an owner and a due date for an action only, a reason for a regret. */
function toInput(row: DecisionInput): DecisionInput {
  const isAction = row.outcome === "action";
  return {
    description: row.description,
    outcome: row.outcome,
    agendaItemId: row.agendaItemId ?? null,
    ownerId: isAction ? (row.ownerId ?? null) : null,
    dueDate: isAction ? (row.dueDate ?? null) : null,
    reason: row.outcome === "regretted" ? (row.reason ?? null) : null,
  };
}

/**
 * The admin's form for recording a meeting's decisions, one or more at a time: what was decided,
 * its outcome (an action, regretted with a reason, or noted), the agenda item it was taken on,
 * and for an action who carries it out by when (no earlier than the meeting). Save sends them
 * together; each action becomes a task of type Request.
 */
export function DecisionRecorder({ engagement }: { engagement: EngagementDetails }) {
  const { t } = useTranslation(["decisions", "common"]);
  const people = useAssignableUserOptions({ enabled: engagement.can.record });
  const record = useRecordDecisions(engagement.id);
  const { form } = useSchemaForm(decisionsInput, { decisions: [emptyRow()] });
  // Each row's React key, so a removed row takes its own fields (and their open pickers) along.
  const [rowKeys, setRowKeys] = useState(() => [randomId()]);

  if (!engagement.can.record || !engagement.record) return null;
  const rows = form.values.decisions as DecisionRow[];
  const agendaOptions = engagement.record.agenda.map((item, index) => ({
    value: item.id,
    label: `${index + 1}. ${item.title}`,
  }));
  const outcomeLabel = (outcome: DecisionOutcome) => t(DECISION_OUTCOME_LABELS[outcome]);

  function handleAdd() {
    form.insertListItem("decisions", emptyRow());
    setRowKeys((keys) => [...keys, randomId()]);
  }

  function handleRemove(index: number) {
    form.removeListItem("decisions", index);
    setRowKeys((keys) => keys.filter((_, at) => at !== index));
  }

  /** The server checks it too; said here at once, on the row's field. */
  function dueBeforeMeeting(decisions: DecisionInput[]): boolean {
    let isEarly = false;
    decisions.forEach((decision, index) => {
      if (decision.outcome === "action" && decision.dueDate && decision.dueDate < engagement.date) {
        form.setFieldError(
          `decisions.${index}.dueDate`,
          translateMessage(i18next, DECISION_MESSAGES.dueBeforeMeeting),
        );
        isEarly = true;
      }
    });
    return isEarly;
  }

  const handleSave = form.onSubmit(async ({ decisions }) => {
    if (dueBeforeMeeting(decisions)) return;
    if (!(await record.attempt(decisions.map(toInput)))) return;
    form.reset();
    setRowKeys([randomId()]);
  });

  return (
    <form onSubmit={handleSave} noValidate aria-label={t("recorder.label")}>
      <Stack gap="sm">
        {rows.map((row, index) => {
          const path = `decisions.${index}`;
          const number = index + 1;
          return (
            <Fieldset key={rowKeys[index]} legend={t("recorder.row", { number })} p="sm">
              <Stack gap="sm">
                <Textarea
                  label={t("field.description")}
                  withAsterisk
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps(`${path}.description`)}
                />
                <Radio.Group
                  label={t("field.outcome")}
                  value={row.outcome}
                  onChange={(value) =>
                    form.setFieldValue(`${path}.outcome`, value as DecisionOutcome)
                  }
                  error={form.errors[`${path}.outcome`]}
                >
                  <Group gap="lg" mt={4}>
                    {DECISION_OUTCOMES.map((outcome) => (
                      <Radio key={outcome} value={outcome} label={outcomeLabel(outcome)} />
                    ))}
                  </Group>
                </Radio.Group>
                <SimpleGrid cols={{ base: 1, sm: row.outcome === "action" ? 3 : 1 }} spacing="sm">
                  {agendaOptions.length > 0 && (
                    <Select
                      label={t("field.agendaItem")}
                      placeholder={t("recorder.noAgendaItem")}
                      data={agendaOptions}
                      clearable
                      clearButtonProps={{
                        "aria-label": t("common:action.clearField", {
                          field: t("field.agendaItem"),
                        }),
                      }}
                      {...form.getInputProps(`${path}.agendaItemId`)}
                    />
                  )}
                  {row.outcome === "action" && (
                    <>
                      <Select
                        label={t("field.owner")}
                        withAsterisk
                        searchable
                        nothingFoundMessage={t("recorder.noMatchingPeople")}
                        placeholder={
                          people.isLoading
                            ? t("recorder.loadingPeople")
                            : t("recorder.choosePerson")
                        }
                        data={people.options}
                        {...form.getInputProps(`${path}.ownerId`)}
                      />
                      <DateField
                        label={t("field.dueDate")}
                        withAsterisk
                        minDate={engagement.date}
                        value={row.dueDate ?? ""}
                        onChange={(day) => form.setFieldValue(`${path}.dueDate`, day || null)}
                        error={form.errors[`${path}.dueDate`]}
                      />
                    </>
                  )}
                </SimpleGrid>
                {row.outcome === "regretted" && (
                  <Textarea
                    label={t("field.reason")}
                    withAsterisk
                    autosize
                    minRows={2}
                    maxRows={6}
                    {...form.getInputProps(`${path}.reason`)}
                  />
                )}
                {rows.length > 1 && (
                  <Group justify="flex-end">
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => handleRemove(index)}
                    >
                      {t("recorder.remove", { number })}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Fieldset>
          );
        })}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            onClick={handleAdd}
            disabled={rows.length >= MAX_DECISIONS_PER_SAVE}
          >
            {t("recorder.add")}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t("recorder.save", { count: rows.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
