import { Alert, Fieldset, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MessageKey } from "../../shared/i18n/message";
import {
  EMAIL_KINDS,
  type EmailChoices,
  type EmailKind,
  type EmailPreferences,
  type EmailPreferencesInput,
  emailPreferencesInput,
} from "../../shared/notifications";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { LoadFailed } from "../ui/load-failed";
import { useEmailPreferences, useSaveEmailPreferences } from "./notification-queries";

type KindTexts = { label: MessageKey; description: MessageKey };

const KIND_TEXTS = {
  task_assigned: {
    label: "notifications:email.task_assigned",
    description: "notifications:email.task_assigned.hint",
  },
  task_unassigned: {
    label: "notifications:email.task_unassigned",
    description: "notifications:email.task_unassigned.hint",
  },
  task_due_date_changed: {
    label: "notifications:email.task_due_date_changed",
    description: "notifications:email.task_due_date_changed.hint",
  },
  task_completed: {
    label: "notifications:email.task_completed",
    description: "notifications:email.task_completed.hint",
  },
  task_progress: {
    label: "notifications:email.task_progress",
    description: "notifications:email.task_progress.hint",
  },
  task_super_overdue: {
    label: "notifications:email.task_super_overdue",
    description: "notifications:email.task_super_overdue.hint",
  },
  task_reply: {
    label: "notifications:email.task_reply",
    description: "notifications:email.task_reply.hint",
  },
  task_marked: {
    label: "notifications:email.task_marked",
    description: "notifications:email.task_marked.hint",
  },
  task_returned: {
    label: "notifications:email.task_returned",
    description: "notifications:email.task_returned.hint",
  },
  task_pulled_back: {
    label: "notifications:email.task_pulled_back",
    description: "notifications:email.task_pulled_back.hint",
  },
  extension_requested: {
    label: "notifications:email.extension_requested",
    description: "notifications:email.extension_requested.hint",
  },
  extension_approved: {
    label: "notifications:email.extension_approved",
    description: "notifications:email.extension_approved.hint",
  },
  extension_declined: {
    label: "notifications:email.extension_declined",
    description: "notifications:email.extension_declined.hint",
  },
  digest: {
    label: "notifications:email.digest",
    description: "notifications:email.digest.hint",
  },
  daily_brief: {
    label: "notifications:email.daily_brief",
    description: "notifications:email.daily_brief.hint",
  },
  engagement_created: {
    label: "notifications:email.engagement_created",
    description: "notifications:email.engagement_created.hint",
  },
  engagement_changed: {
    label: "notifications:email.engagement_changed",
    description: "notifications:email.engagement_changed.hint",
  },
  engagement_postponed: {
    label: "notifications:email.engagement_postponed",
    description: "notifications:email.engagement_postponed.hint",
  },
  engagement_cancelled: {
    label: "notifications:email.engagement_cancelled",
    description: "notifications:email.engagement_cancelled.hint",
  },
} as const satisfies Record<EmailKind, KindTexts>;

/**
 * Only the kinds the person changed are sent: the others keep following the office's
 * defaults, should an admin change those later.
 */
function changedChoices(saved: EmailPreferences, values: EmailPreferencesInput): EmailChoices {
  return Object.fromEntries(
    EMAIL_KINDS.filter(
      (kind) => values.email[kind] !== undefined && values.email[kind] !== saved.email[kind],
    ).map((kind) => [kind, values.email[kind]]),
  );
}

function PreferencesForm({ preferences }: { preferences: EmailPreferences }) {
  const { t } = useTranslation(["notifications", "common"]);
  const { form, handleSubmit } = useSchemaForm(emailPreferencesInput, {
    email: preferences.email,
  });
  const save = useSaveEmailPreferences();
  const canReceiveMail = preferences.canReceiveMail;

  async function handleSave(values: EmailPreferencesInput) {
    await save.attempt(changedChoices(preferences, values));
  }

  return (
    <form onSubmit={handleSubmit(handleSave)} noValidate>
      <Stack gap="md">
        {!canReceiveMail && (
          <Alert color="gray" title={t("preferences.noMailTitle")}>
            {t("preferences.noMail")}
          </Alert>
        )}
        {/* A disabled fieldset disables every switch in it, and says so to screen readers. */}
        <Fieldset legend={t("preferences.emailHeading")} disabled={!canReceiveMail}>
          <Stack gap="md">
            {preferences.kinds.map((kind) => (
              <Switch
                key={kind}
                label={t(KIND_TEXTS[kind].label)}
                description={t(KIND_TEXTS[kind].description)}
                {...form.getInputProps(`email.${kind}`, { type: "checkbox" })}
              />
            ))}
          </Stack>
        </Fieldset>
        <FormActions
          submitLabel={t("common:action.saveChanges")}
          isSubmitting={save.isPending}
          isDisabled={!canReceiveMail}
        />
      </Stack>
    </form>
  );
}

/**
 * /preferences, for every role (each notification mail links here): which notifications also
 * come by e-mail. Every notification appears under the header's bell whatever is chosen.
 */
export function PreferencesPage() {
  const { t } = useTranslation(["notifications", "common"]);
  const { data, isPending, isError, refetch } = useEmailPreferences();

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{t("common:page.preferences")}</Title>
        <Text c="dimmed">{t("preferences.intro")}</Text>
      </Stack>
      {isPending ? (
        <Skeleton height={420} />
      ) : isError ? (
        <LoadFailed message={t("preferences.loadFailed")} onRetry={() => void refetch()} />
      ) : (
        <PreferencesForm preferences={data} />
      )}
    </Stack>
  );
}
