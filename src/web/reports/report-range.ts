import { REPORT_RANGES, type ReportRange } from "../../shared/reports";

export function rangeLabel(range: ReportRange): string {
  return `Last ${range} days`;
}

export const RANGE_OPTIONS = REPORT_RANGES.map((range) => ({
  value: String(range),
  label: rangeLabel(range),
}));
