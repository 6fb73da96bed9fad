import { Select } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SearchHit } from "../../shared/dak";
import { useDakSearch } from "./dak-queries";

const SEARCH_DELAY_MS = 300;

/** What the search finds of one kind for what is typed, as select options. */
function useHitOptions(kind: SearchHit["kind"], typed: string) {
  const { t } = useTranslation("dak");
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const { data } = useDakSearch(q);
  return (data?.hits ?? [])
    .filter((hit) => hit.kind === kind)
    .map((hit) => ({
      value: hit.id,
      label: hit.number
        ? t("search.hit", { number: hit.number, subject: hit.subject })
        : hit.subject,
    }));
}

/**
 * A task or receipt chosen by searching for it (its number or subject), through the header's
 * search: only what the person may read is offered. A cleared choice holds "".
 */
export function HitSelect({
  kind,
  label,
  placeholder,
  inputProps,
  initial,
  isRequired = false,
}: {
  kind: SearchHit["kind"];
  label: string;
  placeholder: string;
  inputProps: GetInputPropsReturnType;
  /** The entry chosen before any search (a reply's receipt), shown by its name. */
  initial?: { value: string; label: string };
  isRequired?: boolean;
}) {
  const { t } = useTranslation(["dak", "common"]);
  const [typed, setTyped] = useState("");
  const found = useHitOptions(kind, typed);
  const options =
    initial && !found.some((option) => option.value === initial.value)
      ? [initial, ...found]
      : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      nothingFoundMessage={typed.trim().length >= 2 ? t("search.nothing") : undefined}
      data={options}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: all }) => all}
      clearable={!isRequired}
      clearButtonProps={{ "aria-label": t("common:action.clearField", { field: label }) }}
      withAsterisk={isRequired}
      {...inputProps}
      onChange={(value) => inputProps.onChange(value ?? "")}
    />
  );
}
