import { Textarea, type TextareaProps } from "@mantine/core";
import { REASON_MAX_LENGTH } from "../../../shared/tasks";

/**
 * A required reason (a due date moved, an extension asked for or declined): the same box
 * everywhere, limited to what the server takes.
 */
export function ReasonField(props: Omit<TextareaProps, "maxLength" | "withAsterisk">) {
  return (
    <Textarea
      withAsterisk
      autosize
      minRows={3}
      maxRows={8}
      maxLength={REASON_MAX_LENGTH}
      {...props}
    />
  );
}
