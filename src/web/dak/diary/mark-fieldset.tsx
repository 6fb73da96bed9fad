import { Select, SimpleGrid, Stack, Textarea } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { DateField } from "../../ui/forms/date-field";
import { usePurposeOptions } from "../dak-display";
import { useOfficerOptions } from "../officer-options";
import { blankable } from "./receipt-fieldset";

export type MarkField = "to" | "purpose" | "remark" | "dueDate";

/**
 * Marking a receipt to an officer (a task for them): who, why, a remark and the due date.
 * `isOptional` in Diarise, where no officer means Diarise alone.
 */
export function MarkFieldset({
  inputProps,
  isOptional = false,
  minDueDate,
}: {
  inputProps: (field: MarkField) => GetInputPropsReturnType;
  isOptional?: boolean;
  minDueDate?: string;
}) {
  const { t } = useTranslation(["dak", "common"]);
  const people = useOfficerOptions();
  const purposeOptions = usePurposeOptions();
  const isRequired = !isOptional;
  const officer = t("field.markTo");
  return (
    <Stack gap="sm">
      <Select
        label={officer}
        description={isOptional ? t("field.markToHint") : undefined}
        placeholder={t("placeholder.chooseOfficer")}
        data={people.options}
        disabled={people.isLoading}
        searchable
        clearable={isOptional}
        clearButtonProps={{ "aria-label": t("common:action.clearField", { field: officer }) }}
        withAsterisk={isRequired}
        {...blankable(inputProps("to"))}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t("field.purpose")}
          placeholder={t("placeholder.choosePurpose")}
          data={purposeOptions}
          allowDeselect={false}
          withAsterisk={isRequired}
          {...blankable(inputProps("purpose"))}
        />
        <DateField
          label={t("field.dueDate")}
          minDate={minDueDate}
          withAsterisk={isRequired}
          {...inputProps("dueDate")}
        />
      </SimpleGrid>
      <Textarea label={t("field.remark")} autosize minRows={2} {...inputProps("remark")} />
    </Stack>
  );
}
