import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_MARKING_LIMIT,
  OFFICE_MESSAGES,
  type OfficeSettings,
  type OfficeSettingsItem,
  officeSettingsSchema,
  WEEKDAYS,
  wantsEmail,
} from "../../shared/calendar";
import { MARK_PURPOSES, type MarkPurpose, PURPOSE_LABELS } from "../../shared/dak";
import type { Language } from "../../shared/i18n/languages";
import type { MessageKey } from "../../shared/i18n/message";
import { EMAIL_KINDS, type EmailKind } from "../../shared/notifications";
import { DakSettingsFieldset } from "../dak/dak-settings-fieldset";
import { usePageLanguage } from "../i18n/language";
import { type TypedField, useEditConflict } from "../ui/forms/edit-conflict";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { LoadFailed } from "../ui/load-failed";
import { officeSettingsOptions, useOfficeSettings, useSaveSettings } from "./office-queries";

type Weekday = (typeof WEEKDAYS)[number];

/** The office's week as Pakistan's calendars print it, Monday first (0 is Sunday). */
const WEEK_FROM_MONDAY: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

const EMAIL_KIND_LABELS = {
  task_assigned: "office:emailKind.task_assigned",
  task_unassigned: "office:emailKind.task_unassigned",
  task_due_date_changed: "office:emailKind.task_due_date_changed",
  task_completed: "office:emailKind.task_completed",
  task_progress: "office:emailKind.task_progress",
  task_super_overdue: "office:emailKind.task_super_overdue",
  task_reply: "office:emailKind.task_reply",
  task_marked: "office:emailKind.task_marked",
  task_returned: "office:emailKind.task_returned",
  task_pulled_back: "office:emailKind.task_pulled_back",
  extension_requested: "office:emailKind.extension_requested",
  extension_approved: "office:emailKind.extension_approved",
  extension_declined: "office:emailKind.extension_declined",
  digest: "office:emailKind.digest",
  daily_brief: "office:emailKind.daily_brief",
  engagement_created: "office:emailKind.engagement_created",
  engagement_changed: "office:emailKind.engagement_changed",
  engagement_postponed: "office:emailKind.engagement_postponed",
  engagement_cancelled: "office:emailKind.engagement_cancelled",
} as const satisfies Record<EmailKind, MessageKey>;

/**
 * Times and day counts need a short box; the label and hint above it keep the form's width,
 * as a long Urdu hint squeezed to the box's width would overlap its own lines.
 */
const NARROW_INPUT = { wrapper: { maxInlineSize: 200 } };

/** A weekday's name in `language`; 2026-01-04 was a Sunday, so day `d` falls on the (4 + d)th. */
function weekdayName(day: Weekday, language: Language): string {
  return new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 0, 4 + day)),
  );
}

/**
 * Every kind has a switch, so each one is set: a kind the office never chose is on, but for
 * the opt-in ones (wantsEmail).
 */
function toFormValues(settings: OfficeSettings): OfficeSettings {
  return {
    ...settings,
    emailDefaults: Object.fromEntries(
      EMAIL_KINDS.map((kind) => [kind, wantsEmail(kind, undefined, settings.emailDefaults)]),
    ),
  };
}

/** The settings apart from their version, as the form holds them. */
function formValuesOf({ version: _version, ...settings }: OfficeSettingsItem): OfficeSettings {
  return toFormValues(settings);
}

function SettingsForm({ settings: opened }: { settings: OfficeSettingsItem }) {
  const { t } = useTranslation(["office", "common", "dak"]);
  const language = usePageLanguage();
  const queryClient = useQueryClient();
  const { form } = useSchemaForm(officeSettingsSchema, formValuesOf(opened));
  // The version the form's values are of: the opened settings', then each save's or load's.
  const [version, setVersion] = useState(opened.version);
  const save = useSaveSettings();
  const isEscalating = form.values.escalation.enabled;
  const onOff = (isOn: boolean | undefined) => t(isOn ? "settings.on" : "settings.off");
  const offDays = new Intl.ListFormat(language, { type: "conjunction" });
  const limitText = (limit: number | null) =>
    limit === null ? t("settings.noLimit") : String(limit);

  /** Each setting worded for reading, in the page's order. */
  function describe(item: OfficeSettingsItem): TypedField[] {
    const values = formValuesOf(item);
    return [
      {
        label: t("settings.offDays"),
        value: offDays.format(
          WEEK_FROM_MONDAY.filter((day) => values.weeklyOffDays.includes(day)).map((day) =>
            weekdayName(day, language),
          ),
        ),
      },
      { label: t("settings.digestTime"), value: values.digestTime },
      { label: t("settings.dueSoon"), value: String(values.dueSoonWorkingDays) },
      { label: t("settings.escalationOn"), value: onOff(values.escalation.enabled) },
      {
        label: t("settings.escalationAfter"),
        value: String(values.escalation.afterWorkingDays),
      },
      ...EMAIL_KINDS.map((kind) => ({
        label: t(EMAIL_KIND_LABELS[kind]),
        value: onOff(values.emailDefaults[kind]),
      })),
      { label: t("settings.retentionDays"), value: String(values.deletedFileRetentionDays) },
      ...MARK_PURPOSES.map((purpose) => ({
        label: t(PURPOSE_LABELS[purpose]),
        value: limitText(values.markingLimits[purpose]),
      })),
      { label: t("dak:settings.diaryTemplate"), value: values.dak.diaryTemplate },
      { label: t("dak:settings.dispatchTemplate"), value: values.dak.dispatchTemplate },
      { label: t("dak:settings.categories"), value: values.dak.categories.join(", ") },
      { label: t("dak:settings.sections"), value: values.dak.sections.join(", ") },
    ];
  }

  const conflict = useEditConflict<OfficeSettingsItem>({
    version,
    isSaving: save.isPending,
    liveMessage: t(OFFICE_MESSAGES.settingsStale),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({ ...officeSettingsOptions(), staleTime: 0 });
      return { version: current.version, values: current };
    },
    typed: () => ({ ...form.getValues(), version }),
    apply: (current) => {
      const values = formValuesOf(current);
      setVersion(current.version);
      form.setValues(values);
      form.resetDirty(values);
    },
    describe,
  });

  const handleSave = form.onSubmit((values) => {
    save.mutate(
      { ...values, version },
      {
        onSuccess: (result) => {
          setVersion(result.settings.version);
          form.resetDirty();
        },
        onError: conflict.onSaveError,
      },
    );
  });

  /** A cleared box (Mantine gives "") is no limit, as the schema stores it. */
  function handleLimitChange(purpose: MarkPurpose, value: string | number) {
    form.setFieldValue(`markingLimits.${purpose}`, typeof value === "number" ? value : null);
  }

  function handleOffDaysChange(days: string[]) {
    form.setFieldValue(
      "weeklyOffDays",
      WEEKDAYS.filter((day) => days.includes(String(day))),
    );
  }

  // Mantine clamps a number field into its range as it loses focus; here an out-of-range
  // figure stays as typed, so the schema's message says what is allowed instead of the
  // figure changing under the admin's eyes.
  const workingDaysField = { min: 1, max: 365, allowDecimal: false, allowNegative: false };

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="lg">
        {conflict.notice}
        <Fieldset legend={t("settings.workingWeek")}>
          <Checkbox.Group
            label={t("settings.offDays")}
            description={t("settings.offDaysHint")}
            value={form.values.weeklyOffDays.map(String)}
            onChange={handleOffDaysChange}
            error={form.errors.weeklyOffDays}
          >
            <Group gap="md" mt="xs">
              {WEEK_FROM_MONDAY.map((day) => (
                <Checkbox key={day} value={String(day)} label={weekdayName(day, language)} />
              ))}
            </Group>
          </Checkbox.Group>
        </Fieldset>
        <Fieldset legend={t("settings.digest")}>
          <Stack gap="md">
            <TimeInput
              label={t("settings.digestTime")}
              description={t("settings.digestTimeHint")}
              withAsterisk
              styles={NARROW_INPUT}
              {...form.getInputProps("digestTime")}
            />
            <NumberInput
              label={t("settings.dueSoon")}
              description={t("settings.dueSoonHint")}
              withAsterisk
              clampBehavior="none"
              styles={NARROW_INPUT}
              {...workingDaysField}
              {...form.getInputProps("dueSoonWorkingDays")}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t("settings.escalation")}>
          <Stack gap="md">
            <Text size="sm">{t("settings.escalationHint")}</Text>
            <Switch
              label={t("settings.escalationOn")}
              {...form.getInputProps("escalation.enabled", { type: "checkbox" })}
            />
            <NumberInput
              label={t("settings.escalationAfter")}
              withAsterisk={isEscalating}
              disabled={!isEscalating}
              clampBehavior="none"
              styles={NARROW_INPUT}
              {...workingDaysField}
              {...form.getInputProps("escalation.afterWorkingDays")}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t("settings.emailDefaults")}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t("settings.emailDefaultsHint")}
            </Text>
            {EMAIL_KINDS.map((kind) => (
              <Switch
                key={kind}
                label={t(EMAIL_KIND_LABELS[kind])}
                {...form.getInputProps(`emailDefaults.${kind}`, { type: "checkbox" })}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t("settings.deletedFiles")}>
          <NumberInput
            label={t("settings.retentionDays")}
            description={t("settings.retentionDaysHint")}
            withAsterisk
            clampBehavior="none"
            min={0}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            styles={NARROW_INPUT}
            {...form.getInputProps("deletedFileRetentionDays")}
          />
        </Fieldset>
        <Fieldset legend={t("settings.markingLimits")}>
          <Stack gap="md">
            <Text size="sm">{t("settings.markingLimitsHint")}</Text>
            {MARK_PURPOSES.map((purpose) => (
              <NumberInput
                key={purpose}
                label={t(PURPOSE_LABELS[purpose])}
                placeholder={t("settings.noLimit")}
                clampBehavior="none"
                min={1}
                max={MAX_MARKING_LIMIT}
                allowDecimal={false}
                allowNegative={false}
                styles={NARROW_INPUT}
                {...form.getInputProps(`markingLimits.${purpose}`)}
                value={form.values.markingLimits[purpose] ?? ""}
                onChange={(value) => handleLimitChange(purpose, value)}
              />
            ))}
          </Stack>
        </Fieldset>
        <DakSettingsFieldset inputProps={(field) => form.getInputProps(field)} />
        <FormActions submitLabel={t("common:action.saveChanges")} isSubmitting={save.isPending} />
      </Stack>
    </form>
  );
}

/**
 * /admin/settings: the office's working week, the morning digest, the escalation rule (off
 * until an admin turns it on), which mails people get unless they choose otherwise, how
 * long a deleted task's files are kept, and how long a marked file may be held per purpose.
 */
export function SettingsPage() {
  const { t } = useTranslation(["office", "common"]);
  const { data, isPending, isError, refetch } = useOfficeSettings();

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t("common:page.settings")}</Title>
      {isPending ? (
        <Skeleton height={640} />
      ) : isError ? (
        <LoadFailed message={t("settings.loadFailed")} onRetry={() => void refetch()} />
      ) : (
        <SettingsForm settings={data} />
      )}
    </Stack>
  );
}
