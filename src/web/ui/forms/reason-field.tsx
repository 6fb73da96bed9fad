import { Textarea, type TextareaProps } from "@mantine/core";
import { REASON_MAX_LENGTH } from "../../../shared/tasks";

/**
 * A required reason (a due date moved, an extension asked for or declined, an engagement
 * postponed or cancelled): the same box everywhere, limited to what the server takes
 * (`maxLength`, by default the tasks' limit).
 */
export function ReasonField({
  maxLength = REASON_MAX_LENGTH,
  ...props
}: Omit<TextareaProps, "withAsterisk">) {
  return (
    <Textarea withAsterisk autosize minRows={3} maxRows={8} maxLength={maxLength} {...props} />
  );
}
