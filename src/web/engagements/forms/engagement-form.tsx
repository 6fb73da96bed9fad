import { MultiSelect, Select, Stack, TagsInput, TextInput } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod/mini";
import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_STATUSES,
  type EngagementFields,
  type EngagementInput,
  type EngagementItem,
  type EngagementRef,
  type EngagementStatus,
  engagementInput,
  MAX_GUESTS,
  VENUES,
} from "../../../shared/engagements";
import { DateField } from "../../ui/forms/date-field";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDisplayDate } from "../../ui/use-display-date";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { useStatusOptions, useVenueOptions } from "../engagement-display";
import { useEngagements } from "../engagement-queries";

export const NEW_ENGAGEMENT: EngagementInput = {
  date: "",
  time: "",
  subject: "",
  venue: "",
  responsibility: "",
  status: "Scheduled",
  participants: [],
  guests: [],
  followUpOf: null,
  statusReason: "",
};

// Saving an older row moves its original-app status to today's equivalent.
const CURRENT_STATUS: Record<string, EngagementStatus> = {
  "meeting held": "Held",
  "meeting postponed": "Postponed",
  "meeting scheduled": "Scheduled",
};

/** engagementInput's limit on `statusReason`. */
const STATUS_REASON_MAX_LENGTH = 1000;

/** The statuses that need a reason when an engagement moves to them, with the message asking. */
const REASON_REQUIRED = {
  Postponed: ENGAGEMENT_MESSAGES.postponeReasonRequired,
  Cancelled: ENGAGEMENT_MESSAGES.cancelReasonRequired,
} as const satisfies Partial<Record<EngagementStatus, string>>;

function needsReason(status: string): status is keyof typeof REASON_REQUIRED {
  return status in REASON_REQUIRED;
}

/** An engagement as form values; a venue outside today's list has to be chosen again. */
export function toFormValues(engagement: EngagementItem): EngagementInput {
  return {
    date: engagement.date,
    time: engagement.time,
    subject: engagement.subject,
    venue: (VENUES as readonly string[]).includes(engagement.venue) ? engagement.venue : "",
    responsibility: engagement.responsibility,
    status: CURRENT_STATUS[engagement.status] ?? engagement.status,
    participants: engagement.participants.map((participant) => participant.id),
    guests: engagement.guests,
    followUpOf: engagement.followUpOf?.id ?? null,
    statusReason: engagement.statusReason ?? "",
  };
}

/**
 * The form's schema: the server's, and a reason when the status moves to Postponed or
 * Cancelled (the server asks the same; here it shows beside the field). An engagement that
 * already had that status keeps its reason as it is.
 */
function formSchema(initialStatus: string) {
  const reasonGiven = (status: keyof typeof REASON_REQUIRED) =>
    z.refine<EngagementFields>(
      (values) =>
        values.status !== status ||
        initialStatus === status ||
        Boolean(values.statusReason?.trim()),
      { message: REASON_REQUIRED[status], path: ["statusReason"] },
    );
  return engagementInput.check(reasonGiven("Postponed"), reasonGiven("Cancelled"));
}

/**
 * Earlier engagements to follow up, newest first, by subject and date. The one already linked
 * stays offered even if the list has moved on.
 */
function useFollowUpOptions(
  exceptId: string | undefined,
  beforeOrOn: string,
  linked: EngagementRef | null,
) {
  const { t } = useTranslation("engagements");
  const displayDate = useDisplayDate();
  const { data, isPending } = useEngagements({ range: "all", order: "desc" });
  const label = (engagement: EngagementRef) =>
    t("details.meetingOn", { subject: engagement.subject, date: displayDate(engagement.date) });
  const earlier = (data?.engagements ?? []).filter(
    (engagement) => engagement.id !== exceptId && (!beforeOrOn || engagement.date <= beforeOrOn),
  );
  const options = earlier.map((engagement) => ({ value: engagement.id, label: label(engagement) }));
  if (linked && !options.some((option) => option.value === linked.id)) {
    options.unshift({ value: linked.id, label: label(linked) });
  }
  return { options, isLoading: isPending };
}

/**
 * The form's values, checked as the server checks them. `storedStatus` is the status the
 * engagement has now (none for a new one): staying in it asks no new reason.
 */
export function useEngagementForm(initialValues: EngagementInput, storedStatus: string) {
  const schema = useMemo(() => formSchema(storedStatus), [storedStatus]);
  return useSchemaForm(schema, initialValues);
}
export type EngagementFormState = ReturnType<typeof useEngagementForm>;

type EngagementFormProps = {
  /** From useEngagementForm: the dialog holding it may put other values in (an edit's reload). */
  state: EngagementFormState;
  /** The engagement being edited: its participants and follow-up link by name, its own id. */
  engagement?: EngagementItem;
  submitLabel: string;
  /** Resolves true when saved, so the dialog can close. */
  onSubmit: (values: EngagementFields) => Promise<boolean>;
  /** Closes the dialog: after a save, or on Cancel. */
  onClose: () => void;
  /** Shown above the fields: an edit's notice that the engagement changed meanwhile. */
  notice?: ReactNode;
};

/**
 * The six fields of Create New Engagement and Edit Engagement, the people in attendance
 * (participants with accounts, guests without), the meeting it follows up and the reason for a
 * postponement or cancellation, checked by the server's schema.
 */
export function EngagementForm({
  state,
  engagement,
  submitLabel,
  onSubmit,
  onClose,
  notice,
}: EngagementFormProps) {
  const { t } = useTranslation(["engagements", "common"]);
  const venueOptions = useVenueOptions();
  const statusOptions = useStatusOptions(ENGAGEMENT_STATUSES);
  const people = useAssignableUserOptions();
  const chosen = engagement?.participants ?? [];
  const participantOptions = [
    ...people.options,
    ...chosen
      .filter(({ id }) => !people.options.some((option) => option.value === id))
      .map(({ id, name }) => ({ value: id, label: name })),
  ];
  const { form, handleSubmit } = state;
  const { status, date, participants = [], guests = [] } = form.values;
  const followUps = useFollowUpOptions(engagement?.id, date, engagement?.followUpOf ?? null);
  const asksReason = needsReason(status);
  const hasPeople = participants.length > 0 || guests.length > 0;

  const handleSave = handleSubmit(async (values) => {
    // A reason belongs to a postponement or cancellation only; otherwise the stored one stays.
    const statusReason = needsReason(values.status) ? values.statusReason || null : undefined;
    if (await onSubmit({ ...values, statusReason })) onClose();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        {notice}
        <DateField
          label={t("field.date")}
          placeholder={t("placeholder.pickDate")}
          description={status === "Postponed" ? t("field.newDateHint") : undefined}
          withAsterisk
          data-autofocus
          {...form.getInputProps("date")}
        />
        <TimeInput label={t("field.time")} withAsterisk {...form.getInputProps("time")} />
        <TextInput
          label={t("field.subject")}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps("subject")}
        />
        <Select
          label={t("field.venue")}
          placeholder={t("placeholder.chooseVenue")}
          data={venueOptions}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps("venue")}
        />
        <TextInput
          label={t("field.inAttendance")}
          description={t("field.inAttendanceHint")}
          placeholder={hasPeople ? t("placeholder.inAttendanceFromPeople") : undefined}
          withAsterisk={!hasPeople}
          autoComplete="off"
          {...form.getInputProps("responsibility")}
        />
        <Select
          label={t("field.status")}
          data={statusOptions}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps("status")}
        />
        {asksReason && (
          <ReasonField
            label={status === "Postponed" ? t("field.postponeReason") : t("field.cancelReason")}
            maxLength={STATUS_REASON_MAX_LENGTH}
            {...form.getInputProps("statusReason")}
            value={form.values.statusReason ?? ""}
          />
        )}
        <MultiSelect
          label={t("field.participants")}
          description={t("field.participantsHint")}
          placeholder={t("placeholder.chooseParticipants")}
          data={participantOptions}
          disabled={people.isLoading}
          searchable
          clearable
          hidePickedOptions
          {...form.getInputProps("participants")}
        />
        <TagsInput
          label={t("field.guests")}
          description={t("field.guestsHint")}
          placeholder={t("placeholder.addGuest")}
          maxTags={MAX_GUESTS}
          clearable
          clearButtonProps={{
            "aria-label": t("common:action.clearField", { field: t("field.guests") }),
          }}
          {...form.getInputProps("guests")}
        />
        <Select
          label={t("field.followUpOf")}
          description={t("field.followUpOfHint")}
          placeholder={t("placeholder.chooseFollowUp")}
          nothingFoundMessage={t("placeholder.noFollowUp")}
          data={followUps.options}
          disabled={followUps.isLoading}
          searchable
          clearable
          clearButtonProps={{
            "aria-label": t("common:action.clearField", { field: t("field.followUpOf") }),
          }}
          {...form.getInputProps("followUpOf")}
        />
        <FormActions submitLabel={submitLabel} isSubmitting={form.submitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}
