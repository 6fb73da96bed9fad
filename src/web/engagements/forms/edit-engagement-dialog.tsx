import { Modal } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { displayTime } from "../../../shared/dates";
import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_STATUS_LABELS,
  type EngagementFields,
  type EngagementInput,
  type EngagementItem,
  type StoredEngagementStatus,
  VENUE_LABELS,
  VENUES,
  type Venue,
} from "../../../shared/engagements";
import { confirmAction } from "../../ui/forms/confirm";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { type TypedField, useEditConflict } from "../../ui/forms/edit-conflict";
import { useDisplayDate } from "../../ui/use-display-date";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { useUpdateEngagement } from "../engagement-mutations";
import { engagementDetailOptions, useEngagements } from "../engagement-queries";
import { EngagementForm, toFormValues, useEngagementForm } from "./engagement-form";

/** The engagement as the server last showed it, and what the form holds of it. */
type EditValues = { engagement: EngagementItem; form: EngagementInput };

function isVenue(value: string): value is Venue {
  return (VENUES as readonly string[]).includes(value);
}

function isStoredStatus(value: string): value is StoredEngagementStatus {
  return value in ENGAGEMENT_STATUS_LABELS;
}

/** A half-typed date or time reads as typed: only a whole one is worded. */
const isWholeDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isWholeTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Each field of Edit Engagement worded for reading, in the form's order. */
function useDescribeEngagement(): (values: EditValues) => TypedField[] {
  const { t } = useTranslation(["engagements", "common"]);
  const displayDate = useDisplayDate();
  const people = useAssignableUserOptions();
  const { data: all } = useEngagements({ range: "all", order: "desc" });
  const list = (names: string[]) => names.join(t("details.listSeparator"));
  return ({ engagement, form }) => {
    const personName = (id: string) =>
      engagement.participants.find((person) => person.id === id)?.name ??
      people.options.find((option) => option.value === id)?.label ??
      id;
    const followed =
      engagement.followUpOf?.id === form.followUpOf
        ? engagement.followUpOf
        : all?.engagements.find((other) => other.id === form.followUpOf);
    return [
      {
        label: t("field.date"),
        value: isWholeDate(form.date) ? displayDate(form.date) : form.date,
      },
      {
        label: t("field.time"),
        value: isWholeTime(form.time) ? displayTime(form.time) : form.time,
      },
      { label: t("field.subject"), value: form.subject },
      {
        label: t("field.venue"),
        value: isVenue(form.venue) ? t(VENUE_LABELS[form.venue]) : form.venue,
      },
      { label: t("field.inAttendance"), value: form.responsibility ?? "" },
      {
        label: t("field.status"),
        value: isStoredStatus(form.status) ? t(ENGAGEMENT_STATUS_LABELS[form.status]) : form.status,
      },
      { label: t("field.reason"), value: form.statusReason ?? "" },
      { label: t("field.participants"), value: list((form.participants ?? []).map(personName)) },
      { label: t("field.guests"), value: list(form.guests ?? []) },
      {
        label: t("field.followUpOf"),
        value: followed
          ? t("details.meetingOn", { subject: followed.subject, date: displayDate(followed.date) })
          : "",
      },
    ];
  };
}

function EditEngagementForm({
  engagement: opened,
  onDone,
}: {
  engagement: EngagementItem;
  onDone: () => void;
}) {
  const { t } = useTranslation(["engagements", "common"]);
  const queryClient = useQueryClient();
  // The engagement as the server last showed it: the current one, once loaded after a conflict.
  const [engagement, setEngagement] = useState(opened);
  const state = useEngagementForm(toFormValues(opened), toFormValues(engagement).status);
  const updateEngagement = useUpdateEngagement(opened.id);
  const describe = useDescribeEngagement();
  const conflict = useEditConflict<EditValues>({
    entity: "engagement",
    id: opened.id,
    version: engagement.version,
    isSaving: updateEngagement.isPending,
    liveMessage: t(ENGAGEMENT_MESSAGES.changedLive),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({
        ...engagementDetailOptions(opened.id),
        staleTime: 0,
      });
      return {
        version: current.version,
        values: { engagement: current, form: toFormValues(current) },
      };
    },
    typed: () => ({ engagement, form: state.form.getValues() }),
    apply: (current) => {
      setEngagement(current.engagement);
      state.form.setValues(current.form);
    },
    describe,
  });

  async function handleUpdate(values: EngagementFields) {
    const isConfirmed = await confirmAction({
      title: "engagements:confirm.updateTitle",
      message: ENGAGEMENT_MESSAGES.confirmUpdate,
      confirmLabel: "engagements:action.update",
      cancelLabel: "common:action.cancel",
    });
    if (!isConfirmed) return false;
    return updateEngagement.save({ ...values, version: engagement.version }, conflict.onSaveError);
  }

  return (
    <EngagementForm
      state={state}
      engagement={engagement}
      submitLabel={t("common:action.saveChanges")}
      onSubmit={handleUpdate}
      onClose={onDone}
      notice={conflict.notice}
    />
  );
}

export function EditEngagementDialog({
  engagement,
  opened,
  onClose,
}: {
  engagement: EngagementItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("engagements");
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.edit")} {...DIALOG_PROPS}>
      {engagement && (
        // A new engagement starts a new form, even while the last one is still fading out.
        <EditEngagementForm key={engagement.id} engagement={engagement} onDone={onClose} />
      )}
    </Modal>
  );
}
