import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const SEARCH_DELAY_MS = 300;

/**
 * A register's search box (numbers, letter numbers, subjects, names): it answers every
 * keystroke, but the URL (and the query) only after a pause.
 */
export function RegisterSearch({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation("dak");
  const [text, setText] = useState(value ?? "");
  const [shownValue, setShownValue] = useState(value);
  const commit = useDebouncedCallback(onChange, SEARCH_DELAY_MS);
  // The URL changed from elsewhere (Clear Filters, back button): show what it now says.
  if (value !== shownValue) {
    setShownValue(value);
    if ((value ?? "") !== text.trim()) {
      commit.cancel();
      setText(value ?? "");
    }
  }

  return (
    <TextInput
      type="search"
      label={t("filter.search")}
      placeholder={t("filter.searchPlaceholder")}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim() || undefined);
      }}
      w={{ base: "100%", xs: 220 }}
    />
  );
}
