import { Combobox, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { SearchHit } from "../../shared/dak";
import { dispatchSearchPath, receiptPath } from "./dak-display";
import { SearchIcon } from "./dak-icons";
import { useDakSearch } from "./dak-queries";

const SEARCH_DELAY_MS = 300;
const MIN_LENGTH = 2;

/** The groups the hits are shown in, in this order, with their headings. */
const GROUPS = [
  { kind: "receipt", heading: "search.receipts" },
  { kind: "dispatch", heading: "search.dispatches" },
  { kind: "task", heading: "search.tasks" },
] as const;

/** Where a hit opens: a receipt's page, a dispatch in its register, a task's page. */
function hitPath(hit: SearchHit): string {
  if (hit.kind === "receipt") return receiptPath(hit.id);
  if (hit.kind === "dispatch") return dispatchSearchPath(hit.number);
  return `/task/${hit.id}`;
}

/**
 * The header's one box over the registers' numbers, letter numbers and subjects and the
 * tasks': from two characters typed, after a pause, the hits grouped by kind; choosing one
 * opens it.
 */
export function HeaderSearch() {
  const { t } = useTranslation("dak");
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const { data } = useDakSearch(q);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = q.length >= MIN_LENGTH ? (data?.hits ?? []) : [];
  const isShowing = text.trim().length >= MIN_LENGTH && data !== undefined;

  function handleOpen(path: string) {
    combobox.closeDropdown();
    setText("");
    navigate(path);
  }

  return (
    // In the header (its banner landmark) rather than a portal at the page's end.
    <Combobox
      store={combobox}
      onOptionSubmit={handleOpen}
      width={360}
      position="bottom-end"
      withinPortal={false}
    >
      <Combobox.Target>
        <TextInput
          type="search"
          size="xs"
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          leftSection={<SearchIcon />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          w={{ sm: 180, md: 240 }}
          visibleFrom="sm"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!isShowing}>
        <Combobox.Options aria-label={t("search.label")} mah={420} style={{ overflowY: "auto" }}>
          {GROUPS.map(({ kind, heading }) => {
            const ofKind = hits.filter((hit) => hit.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <Combobox.Group key={kind} label={t(heading)}>
                {ofKind.map((hit) => (
                  <Combobox.Option key={hit.id} value={hitPath(hit)}>
                    {hit.number && (
                      <Text size="xs" c="dimmed" component="div">
                        <bdi>{hit.number}</bdi>
                      </Text>
                    )}
                    <Text size="sm" component="div" lineClamp={2}>
                      {hit.subject}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            );
          })}
          {hits.length === 0 && <Combobox.Empty>{t("search.nothing")}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
