import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../shared/i18n/languages";
import { useLanguage } from "./use-language";

/** English / اردو: on /auth and in the header. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("language.label")}
      value={language}
      onChange={(value) => void changeLanguage(value as Language)}
      data={LANGUAGES.map((value) => ({
        value,
        label: <span lang={value}>{LANGUAGE_NAMES[value]}</span>,
      }))}
    />
  );
}
