import { Button, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod/mini";
import type { DispatchMode, dispatchListState } from "../../../shared/dak";
import { DateFilter } from "../../ui/forms/date-field";
import { FilterBar } from "../../ui/list/filter-bar";
import type { ChangeOptions } from "../../ui/list/use-list-state";
import { useDispatchModeOptions } from "../dak-display";
import { RegisterSearch } from "../register-search";

export type DispatchListValues = z.output<typeof dispatchListState>;

/** What Clear Filters resets in the Dispatch Register (not the page). */
export const DISPATCH_FILTER_FIELDS = ["q", "from", "to", "mode"] as const;

type DispatchFiltersProps = {
  filters: DispatchListValues;
  activeCount: number;
  onChange: (change: Partial<DispatchListValues>, options?: ChangeOptions) => void;
  onClear: () => void;
};

/** The Dispatch Register's filters: search, dispatch date (from, to) and mode. */
export function DispatchFilters({ filters, activeCount, onChange, onClear }: DispatchFiltersProps) {
  const { t } = useTranslation(["dak", "common"]);
  const modeLabel = t("field.mode");
  return (
    <FilterBar label={t("filter.dispatchLabel")} activeCount={activeCount}>
      <RegisterSearch value={filters.q} onChange={(q) => onChange({ q }, { replace: true })} />
      <DateFilter
        label={t("filter.from")}
        value={filters.from}
        onChange={(from) => onChange({ from })}
      />
      <DateFilter label={t("filter.to")} value={filters.to} onChange={(to) => onChange({ to })} />
      <Select
        label={modeLabel}
        placeholder={t("filter.allModes")}
        data={useDispatchModeOptions()}
        value={filters.mode ?? null}
        onChange={(mode) => onChange({ mode: (mode as DispatchMode | null) ?? undefined })}
        clearable
        clearButtonProps={{ "aria-label": t("common:action.clearField", { field: modeLabel }) }}
        w={{ base: "100%", xs: 170 }}
      />
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        {t("common:action.clearFilters")}
      </Button>
    </FilterBar>
  );
}
