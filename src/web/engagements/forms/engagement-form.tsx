import { MultiSelect, Select, Stack, TextInput } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_STATUSES,
  type EngagementFields,
  type EngagementInput,
  type EngagementItem,
  type EngagementStatus,
  engagementInput,
  VENUES,
} from "../../../shared/engagements";
import { DateField } from "../../ui/forms/date-field";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { useStatusOptions, useVenueOptions } from "../engagement-display";

export const NEW_ENGAGEMENT: EngagementInput = {
  date: "",
  time: "",
  subject: "",
  venue: "",
  responsibility: "",
  status: "Scheduled",
  participants: [],
};

// Saving an older row moves its original-app status to today's equivalent.
const CURRENT_STATUS: Record<string, EngagementStatus> = {
  "meeting held": "Held",
  "meeting postponed": "Postponed",
  "meeting scheduled": "Scheduled",
};

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
  };
}

type EngagementFormProps = {
  initialValues: EngagementInput;
  /** The participants already chosen, by name: someone the pickers' list leaves out stays shown. */
  participants?: EngagementItem["participants"];
  submitLabel: string;
  /** Resolves true when saved, so the dialog can close. */
  onSubmit: (values: EngagementFields) => Promise<boolean>;
  /** Closes the dialog: after a save, or on Cancel. */
  onClose: () => void;
};

/**
 * The six fields of Create New Engagement and Edit Engagement, and the participants to tell,
 * checked by the server's schema.
 */
export function EngagementForm({
  initialValues,
  participants = [],
  submitLabel,
  onSubmit,
  onClose,
}: EngagementFormProps) {
  const { t } = useTranslation("engagements");
  const venueOptions = useVenueOptions();
  const statusOptions = useStatusOptions(ENGAGEMENT_STATUSES);
  const people = useAssignableUserOptions();
  const participantOptions = [
    ...people.options,
    ...participants
      .filter(({ id }) => !people.options.some((option) => option.value === id))
      .map(({ id, name }) => ({ value: id, label: name })),
  ];
  const { form, handleSubmit } = useSchemaForm(engagementInput, initialValues);
  const handleSave = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <DateField
          label={t("field.date")}
          placeholder={t("placeholder.pickDate")}
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
          withAsterisk
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
        <FormActions submitLabel={submitLabel} isSubmitting={form.submitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}
