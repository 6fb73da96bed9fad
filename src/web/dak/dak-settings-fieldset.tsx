import { Fieldset, Stack, TagsInput, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { DakSettings } from "../../shared/dak";

type DakSettingsField = `dak.${keyof DakSettings}`;

/**
 * The Settings page's part for the registers: the diary and dispatch numbers' templates, the
 * receipt categories offered when diarising, and the section codes `{section}` takes.
 */
export function DakSettingsFieldset({
  inputProps,
}: {
  inputProps: (field: DakSettingsField) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation(["dak", "common"]);
  const clearLabel = (field: string) => t("common:action.clearField", { field });
  return (
    <Fieldset legend={t("settings.legend")}>
      <Stack gap="md">
        <TextInput
          label={t("settings.diaryTemplate")}
          description={t("settings.templateHint")}
          withAsterisk
          autoComplete="off"
          {...inputProps("dak.diaryTemplate")}
        />
        <TextInput
          label={t("settings.dispatchTemplate")}
          description={t("settings.templateHint")}
          withAsterisk
          autoComplete="off"
          {...inputProps("dak.dispatchTemplate")}
        />
        <TagsInput
          label={t("settings.categories")}
          description={t("settings.categoriesHint")}
          withAsterisk
          clearable
          clearButtonProps={{ "aria-label": clearLabel(t("settings.categories")) }}
          {...inputProps("dak.categories")}
        />
        <TagsInput
          label={t("settings.sections")}
          description={t("settings.sectionsHint")}
          clearable
          clearButtonProps={{ "aria-label": clearLabel(t("settings.sections")) }}
          {...inputProps("dak.sections")}
        />
      </Stack>
    </Fieldset>
  );
}
