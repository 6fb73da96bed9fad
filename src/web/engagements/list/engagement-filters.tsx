import { Button, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import {
  ENGAGEMENT_STATUSES,
  type EngagementListState,
  LEGACY_ENGAGEMENT_STATUSES,
  VENUES,
  type Venue,
} from "../../../shared/engagements";
import { DateFilter } from "../../ui/forms/date-field";
import { FilterBar } from "../../ui/list/filter-bar";
import type { ChangeOptions } from "../../ui/list/use-list-state";

const SEARCH_DELAY_MS = 300;

// Older rows may still carry the original app's statuses; they stay findable.
const STATUS_FILTER_OPTIONS = [
  { group: "Statuses", items: [...ENGAGEMENT_STATUSES] },
  { group: "Older values", items: [...LEGACY_ENGAGEMENT_STATUSES] },
];

/** The search box answers every keystroke, but the URL (and the query) only after a pause. */
function SubjectSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
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
      label="Search Subject"
      placeholder="Subject or attendee"
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
  return (
    <FilterBar label="Filter engagements" activeCount={activeCount}>
      <Select
        label="Venue"
        placeholder="All venues"
        data={VENUES}
        value={filters.venue ?? null}
        onChange={(venue) => onChange({ venue: (venue as Venue | null) ?? undefined })}
        clearable
        clearButtonProps={{ "aria-label": "Clear Venue" }}
        w={{ base: "100%", xs: 210 }}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_FILTER_OPTIONS}
        value={filters.status ?? null}
        onChange={(status) =>
          onChange({ status: (status as EngagementListState["status"] | null) ?? undefined })
        }
        clearable
        clearButtonProps={{ "aria-label": "Clear Status" }}
        w={{ base: "100%", xs: 190 }}
      />
      <DateFilter label="Date" value={filters.date} onChange={(date) => onChange({ date })} />
      <SubjectSearch
        value={filters.search}
        onChange={(search) => onChange({ search }, { replace: true })}
      />
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        Clear Filters
      </Button>
    </FilterBar>
  );
}
