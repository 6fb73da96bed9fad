import { Button, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_STATUSES,
  type EngagementListState,
  LEGACY_ENGAGEMENT_STATUSES,
  type Venue,
} from "../../../shared/engagements";
import { DateFilter } from "../../ui/forms/date-field";
import { FilterBar } from "../../ui/list/filter-bar";
import type { ChangeOptions } from "../../ui/list/use-list-state";
import { ViewsMenu } from "../../views/views-menu";
import { useStatusOptions, useVenueOptions } from "../engagement-display";

const SEARCH_DELAY_MS = 300;

/** The search box answers every keystroke, but the URL (and the query) only after a pause. */
function SubjectSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("engagements");
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const commit = useDebouncedCallback(onChange, SEARCH_DELAY_MS);
  // The URL changed from elsewhere (Clear Filters, back button): show what it now says, and
  // drop a search still waiting to be committed so that it cannot undo the change.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) {
      commit.cancel();
      setText(value);
    }
  }

  return (
    <TextInput
      type="search"
      label={t("filter.searchSubject")}
      placeholder={t("filter.searchPlaceholder")}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim());
      }}
      w={{ base: "100%", xs: 220 }}
    />
  );
}

type EngagementFiltersProps = {
  filters: EngagementListState;
  /** How many filters are in force (Clear Filters, and the phone's Filters button). */
  activeCount: number;
  onChange: (change: Partial<EngagementListState>, options?: ChangeOptions) => void;
  onClear: () => void;
};

/** SPEC.md engagement chart filters: Venue, Status, Date and a Subject search. */
export function EngagementFilters({
  filters,
  activeCount,
  onChange,
  onClear,
}: EngagementFiltersProps) {
  const { t } = useTranslation(["engagements", "common"]);
  const venueOptions = useVenueOptions();
  // Older rows may still carry the original app's statuses; they stay findable.
  const statusGroups = [
    { group: t("filter.statuses"), items: useStatusOptions(ENGAGEMENT_STATUSES) },
    { group: t("filter.olderValues"), items: useStatusOptions(LEGACY_ENGAGEMENT_STATUSES) },
  ];
  return (
    <FilterBar
      label={t("filter.label")}
      activeCount={activeCount}
      views={<ViewsMenu lists={["manageEngagements", "engagementChart"]} />}
    >
      <Select
        label={t("field.venue")}
        placeholder={t("filter.allVenues")}
        data={venueOptions}
        value={filters.venue ?? null}
        onChange={(venue) => onChange({ venue: (venue as Venue | null) ?? undefined })}
        clearable
        clearButtonProps={{
          "aria-label": t("common:action.clearField", { field: t("field.venue") }),
        }}
        w={{ base: "100%", xs: 210 }}
      />
      <Select
        label={t("field.status")}
        placeholder={t("filter.allStatuses")}
        data={statusGroups}
        value={filters.status ?? null}
        onChange={(status) =>
          onChange({ status: (status as EngagementListState["status"] | null) ?? undefined })
        }
        clearable
        clearButtonProps={{
          "aria-label": t("common:action.clearField", { field: t("field.status") }),
        }}
        w={{ base: "100%", xs: 190 }}
      />
      <DateFilter
        label={t("field.date")}
        value={filters.date}
        onChange={(date) => onChange({ date })}
      />
      <SubjectSearch
        value={filters.search}
        onChange={(search) => onChange({ search }, { replace: true })}
      />
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        {t("common:action.clearFilters")}
      </Button>
    </FilterBar>
  );
}
