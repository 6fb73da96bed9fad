import { Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { TASK_TYPE_LABELS, TASK_TYPES, type TaskFieldsInput } from "../../../shared/tasks";
import { DateField } from "../../ui/forms/date-field";
import { useAssignableUserOptions } from "../../users/assignable-users";

type TaskFormFieldsProps = {
  /** The form's getInputProps, for the fields both task dialogs share. */
  inputProps: (field: keyof TaskFieldsInput) => GetInputPropsReturnType;
};

/** Subject, description, assignee, dates and type: the fields of Create New Task and Edit Task. */
export function TaskFormFields({ inputProps }: TaskFormFieldsProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const users = useAssignableUserOptions();
  const typeOptions = TASK_TYPES.map((value) => ({ value, label: t(TASK_TYPE_LABELS[value]) }));

  return (
    <Stack gap="sm">
      <TextInput
        label={t("field.subject")}
        withAsterisk
        data-autofocus
        {...inputProps("subject")}
      />
      <Textarea
        label={t("field.description")}
        autosize
        minRows={3}
        maxRows={8}
        {...inputProps("description")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t("field.assignTo")}
          withAsterisk
          searchable
          nothingFoundMessage={t("noMatchingUsers")}
          placeholder={
            users.isLoading ? t("placeholder.loadingUsers") : t("placeholder.chooseUser")
          }
          data={users.options}
          {...inputProps("assignedTo")}
        />
        <Select
          label={t("field.taskType")}
          data={typeOptions}
          allowDeselect={false}
          {...inputProps("taskType")}
        />
        <DateField label={t("field.assignDate")} withAsterisk {...inputProps("assignDate")} />
        <DateField
          label={t("field.dueDate")}
          withAsterisk
          minDate={inputProps("assignDate").value || undefined}
          {...inputProps("dueDate")}
        />
      </SimpleGrid>
    </Stack>
  );
}
