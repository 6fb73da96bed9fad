import {
  Checkbox,
  FileInput,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { dispatchForm } from "../../../shared/dak";
import { todayIn } from "../../../shared/dates";
import { usePublicConfig } from "../../api/public-config";
import { DateField } from "../../ui/forms/date-field";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDispatchModeOptions } from "../dak-display";
import { type DispatchValues, useDispatch } from "../dak-mutations";
import { useDakSettings } from "../dak-queries";
import { blankable } from "../diary/receipt-fieldset";
import { HitSelect } from "../hit-select";

/** Dispatch Reply: what the task gives the dispatch before anything is typed. */
export type ReplyTo = {
  taskId: string;
  subject: string;
  receipt: { id: string; diaryNumber: string } | null;
  hasResponseFile: boolean;
};

function DispatchFormBody({
  today,
  reply,
  onDone,
}: {
  today: string;
  reply?: ReplyTo;
  onDone: () => void;
}) {
  const { t } = useTranslation(["dak", "common"]);
  const dispatch = useDispatch();
  const { sections } = useDakSettings();
  const modeOptions = useDispatchModeOptions();
  const { form, handleSubmit } = useSchemaForm(dispatchForm, {
    dispatchedOn: today,
    section: "",
    addressees: "",
    subject: reply?.subject ?? "",
    mode: "post",
    signedBy: "",
    enclosures: "",
    receiptId: reply?.receipt?.id ?? "",
    taskId: reply?.taskId ?? "",
    letter: "",
    useResponseFile: reply?.hasResponseFile ? "true" : "false",
  } satisfies DispatchValues);
  const usesResponseFile = form.values.useResponseFile === "true";
  const letter = form.values.letter instanceof File ? form.values.letter : null;
  const letterLabel = t("field.letter");

  const handleSave = handleSubmit(async () => {
    const values = form.getValues();
    // The response file stands for the letter's copy; a chosen file is not sent beside it.
    const sent = usesResponseFile ? { ...values, letter: "" as const } : values;
    if (await dispatch.attempt(sent)) onDone();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField
            label={t("field.dispatchedOn")}
            withAsterisk
            {...form.getInputProps("dispatchedOn")}
          />
          <Select
            label={t("field.mode")}
            data={modeOptions}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps("mode")}
          />
        </SimpleGrid>
        <Textarea
          label={t("field.addressees")}
          description={t("field.addresseesHint")}
          autosize
          minRows={3}
          withAsterisk
          data-autofocus
          {...form.getInputProps("addressees")}
        />
        <TextInput
          label={t("field.subject")}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps("subject")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("field.signedBy")}
            autoComplete="off"
            {...form.getInputProps("signedBy")}
          />
          {sections.length > 0 && (
            <Select
              label={t("field.section")}
              placeholder={t("placeholder.noSection")}
              data={sections}
              clearable
              clearButtonProps={{
                "aria-label": t("common:action.clearField", { field: t("field.section") }),
              }}
              {...blankable(form.getInputProps("section"))}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t("field.enclosures")}
          autosize
          minRows={1}
          {...form.getInputProps("enclosures")}
        />
        <HitSelect
          kind="receipt"
          label={t("field.inReplyTo")}
          placeholder={t("placeholder.chooseReceipt")}
          inputProps={form.getInputProps("receiptId")}
          initial={
            reply?.receipt
              ? { value: reply.receipt.id, label: reply.receipt.diaryNumber }
              : undefined
          }
        />
        {reply?.hasResponseFile && (
          <Checkbox
            label={t("field.useResponseFile")}
            checked={usesResponseFile}
            onChange={(event) =>
              form.setFieldValue("useResponseFile", event.currentTarget.checked ? "true" : "false")
            }
          />
        )}
        {!usesResponseFile && (
          <FileInput
            label={letterLabel}
            description={t("field.letterHint")}
            placeholder={t("placeholder.chooseFile")}
            accept=".pdf,application/pdf"
            clearable
            clearButtonProps={{
              "aria-label": t("common:action.clearField", { field: letterLabel }),
            }}
            value={letter}
            onChange={(file) => form.setFieldValue("letter", file ?? "")}
            error={form.errors.letter}
            styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
          />
        )}
        <FormActions
          submitLabel={t("action.dispatch")}
          isSubmitting={dispatch.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Dispatch (or Dispatch Reply, given the task): a letter sent, into the dispatch register. */
export function DispatchDialog({
  opened,
  onClose,
  reply,
}: {
  opened: boolean;
  onClose: () => void;
  reply?: ReplyTo;
}) {
  const { t } = useTranslation("dak");
  const { data: config, isPending } = usePublicConfig();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reply ? t("dialog.dispatchReply") : t("dialog.dispatch")}
      size="lg"
      {...DIALOG_PROPS}
    >
      {isPending ? (
        <DialogSkeleton height={560} />
      ) : (
        <DispatchFormBody
          today={config ? todayIn(config.timezone) : ""}
          reply={reply}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
