import { Button, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod/mini";
import type { receiptListState } from "../../../shared/dak";
import { DateFilter } from "../../ui/forms/date-field";
import { FilterBar } from "../../ui/list/filter-bar";
import type { ChangeOptions } from "../../ui/list/use-list-state";
import {
  useClassificationOptions,
  useReceiptModeOptions,
  useReceiptStatusOptions,
} from "../dak-display";
import { useDakSettings } from "../dak-queries";
import { RegisterSearch } from "../register-search";

export type ReceiptListValues = z.output<typeof receiptListState>;

/** What Clear Filters resets in the Diary Register (not the page). */
export const RECEIPT_FILTER_FIELDS = [
  "q",
  "from",
  "to",
  "category",
  "mode",
  "classification",
  "status",
] as const;

type ReceiptFiltersProps = {
  filters: ReceiptListValues;
  activeCount: number;
  onChange: (change: Partial<ReceiptListValues>, options?: ChangeOptions) => void;
  onClear: () => void;
};

/** The Diary Register's filters: search, date received (from, to) and the receipt's kinds. */
export function ReceiptFilters({ filters, activeCount, onChange, onClear }: ReceiptFiltersProps) {
  const { t } = useTranslation(["dak", "common"]);
  const { categories } = useDakSettings();
  const choice = <Value extends string>(
    field: "category" | "mode" | "classification" | "status",
    label: string,
    data: { value: Value; label: string }[] | string[],
    placeholder: string,
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={filters[field] ?? null}
      onChange={(value) => onChange({ [field]: value ?? undefined })}
      clearable
      clearButtonProps={{ "aria-label": t("common:action.clearField", { field: label }) }}
      w={{ base: "100%", xs: 170 }}
    />
  );

  return (
    <FilterBar label={t("filter.diaryLabel")} activeCount={activeCount}>
      <RegisterSearch value={filters.q} onChange={(q) => onChange({ q }, { replace: true })} />
      <DateFilter
        label={t("filter.from")}
        value={filters.from}
        onChange={(from) => onChange({ from })}
      />
      <DateFilter label={t("filter.to")} value={filters.to} onChange={(to) => onChange({ to })} />
      {choice("category", t("field.category"), categories, t("filter.allCategories"))}
      {choice("mode", t("field.mode"), useReceiptModeOptions(), t("filter.allModes"))}
      {choice(
        "classification",
        t("field.classification"),
        useClassificationOptions(),
        t("filter.allClassifications"),
      )}
      {choice("status", t("field.status"), useReceiptStatusOptions(), t("filter.allStatuses"))}
      <Button variant="default" onClick={onClear} disabled={activeCount === 0}>
        {t("common:action.clearFilters")}
      </Button>
    </FilterBar>
  );
}
