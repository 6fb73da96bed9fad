import { Fieldset, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { z } from "zod/mini";
import type { receiptFieldsInput } from "../../../shared/dak";
import { DateField } from "../../ui/forms/date-field";
import { useClassificationOptions, useReceiptModeOptions } from "../dak-display";
import { useDakSettings } from "../dak-queries";

export type ReceiptFieldValues = z.input<typeof receiptFieldsInput>;
export type ReceiptField = keyof ReceiptFieldValues;

/** A receipt's fields as a new form holds them: received today, by post, Normal. */
export function newReceiptValues(today: string): Required<ReceiptFieldValues> {
  return {
    receivedOn: today,
    mode: "post",
    section: "",
    senderName: "",
    senderDesignation: "",
    senderOrganisation: "",
    senderAddress: "",
    letterNumber: "",
    letterDate: "",
    subject: "",
    category: "",
    classification: "normal",
    enclosures: "",
    remarks: "",
  };
}

/** A cleared select holds "" (the schemas' blank), not null. */
export function blankable(props: GetInputPropsReturnType): GetInputPropsReturnType {
  return { ...props, onChange: (value: string | null) => props.onChange(value ?? "") };
}

/**
 * The fields of Diarise and Amend: the letter (date received, mode, section, number, date,
 * subject, category, classification, enclosures, remarks) and who sent it.
 */
export function ReceiptFieldset({
  inputProps,
  extraCategory,
}: {
  inputProps: (field: ReceiptField) => GetInputPropsReturnType;
  /** A category no longer in the office's list that the receipt still carries (Amend). */
  extraCategory?: string;
}) {
  const { t } = useTranslation(["dak", "common"]);
  const { categories, sections } = useDakSettings();
  const categoryOptions =
    extraCategory && !categories.includes(extraCategory)
      ? [...categories, extraCategory]
      : categories;
  const modeOptions = useReceiptModeOptions();
  const classificationOptions = useClassificationOptions();

  return (
    <Stack gap="md">
      <Fieldset legend={t("legend.letter")}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField label={t("field.receivedOn")} withAsterisk {...inputProps("receivedOn")} />
            <Select
              label={t("field.mode")}
              data={modeOptions}
              allowDeselect={false}
              withAsterisk
              {...inputProps("mode")}
            />
            <TextInput
              label={t("field.letterNumber")}
              autoComplete="off"
              {...inputProps("letterNumber")}
            />
            <DateField label={t("field.letterDate")} clearable {...inputProps("letterDate")} />
          </SimpleGrid>
          <TextInput
            label={t("field.subject")}
            withAsterisk
            autoComplete="off"
            {...inputProps("subject")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t("field.category")}
              placeholder={t("placeholder.chooseCategory")}
              data={categoryOptions}
              searchable
              allowDeselect={false}
              withAsterisk
              {...inputProps("category")}
            />
            <Select
              label={t("field.classification")}
              data={classificationOptions}
              allowDeselect={false}
              withAsterisk
              {...inputProps("classification")}
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
                {...blankable(inputProps("section"))}
              />
            )}
          </SimpleGrid>
          <Textarea
            label={t("field.enclosures")}
            autosize
            minRows={1}
            {...inputProps("enclosures")}
          />
          <Textarea label={t("field.remarks")} autosize minRows={2} {...inputProps("remarks")} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t("legend.sender")}>
        <Stack gap="sm">
          <TextInput
            label={t("field.senderName")}
            withAsterisk
            autoComplete="off"
            {...inputProps("senderName")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("field.senderDesignation")}
              autoComplete="off"
              {...inputProps("senderDesignation")}
            />
            <TextInput
              label={t("field.senderOrganisation")}
              autoComplete="off"
              {...inputProps("senderOrganisation")}
            />
          </SimpleGrid>
          <Textarea
            label={t("field.senderAddress")}
            autosize
            minRows={2}
            {...inputProps("senderAddress")}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
