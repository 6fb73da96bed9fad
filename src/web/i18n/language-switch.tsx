import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES } from "../../shared/i18n/languages";
import { useLanguage } from "./use-language";

/**
 * English / اردو: on /auth and in the header. Two toggle buttons rather than Mantine's
 * SegmentedControl, whose sliding indicator cost the sign-in page 3 KB of its JS budget
 * (decision 015).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <Button.Group aria-label={t("language.label")}>
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          lang={value}
          size="xs"
          variant={value === language ? "filled" : "default"}
          aria-pressed={value === language}
          onClick={() => void changeLanguage(value)}
        >
          {LANGUAGE_NAMES[value]}
        </Button>
      ))}
    </Button.Group>
  );
}
