import { type FormErrors, schemaResolver, useForm } from "@mantine/form";
import i18next from "i18next";
import type { z } from "zod/mini";
import { translateMessage } from "../../../shared/i18n/message";
import { notifyError } from "../notify";

type FormSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

/**
 * A Mantine form checked by a shared zod schema (the same one the server uses). Submit
 * handlers get the schema's output, e.g. trimmed strings, not the raw field values.
 */
export function useSchemaForm<Schema extends FormSchema>(
  schema: Schema,
  initialValues: z.input<Schema>,
) {
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<z.input<Schema>, z.output<Schema>>({
    initialValues,
    // The shared schemas speak in catalog keys; the form shows them in the page's language.
    validate: (values): FormErrors =>
      Object.fromEntries(
        Object.entries(resolve(values)).map(([field, error]) => [
          field,
          typeof error === "string" ? translateMessage(i18next, error) : error,
        ]),
      ),
    transformValues: (values) => schema.parse(values),
  });

  /** Like form.onSubmit; a throw (the network failed, the server never answered) becomes a toast. */
  function handleSubmit(onValid: (values: z.output<Schema>) => Promise<void>) {
    return form.onSubmit(async (values) => {
      try {
        await onValid(values);
      } catch (error) {
        notifyError(error instanceof Error ? error.message : String(error));
      }
    });
  }

  return { form, handleSubmit };
}
