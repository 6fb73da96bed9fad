import { Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { TASK_TYPES, type TaskFieldsInput } from "../../../shared/tasks";
import { DateField } from "../../ui/forms/date-field";
import { useAssignableUserOptions } from "../../users/assignable-users";

type TaskFormFieldsProps = {
  /** The form's getInputProps, for the fields both task dialogs share. */
  inputProps: (field: keyof TaskFieldsInput) => GetInputPropsReturnType;
};

/** Subject, description, assignee, dates and type: the fields of Create New Task and Edit Task. */
export function TaskFormFields({ inputProps }: TaskFormFieldsProps) {
  const users = useAssignableUserOptions();

  return (
    <Stack gap="sm">
      <TextInput label="Subject" withAsterisk data-autofocus {...inputProps("subject")} />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={8}
        {...inputProps("description")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Assign To"
          withAsterisk
          searchable
          nothingFoundMessage="No matching users"
          placeholder={users.isLoading ? "Loading users..." : "Choose a user"}
          data={users.options}
          {...inputProps("assignedTo")}
        />
        <Select
          label="Task Type"
          data={[...TASK_TYPES]}
          allowDeselect={false}
          {...inputProps("taskType")}
        />
        <DateField label="Assign Date" withAsterisk {...inputProps("assignDate")} />
        <DateField
          label="Due Date"
          withAsterisk
          minDate={inputProps("assignDate").value || undefined}
          {...inputProps("dueDate")}
        />
      </SimpleGrid>
    </Stack>
  );
}
