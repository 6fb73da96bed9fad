import { useSearchParams } from "react-router";
import { DEFAULT_REPORT_RANGE, REPORT_RANGES, type ReportRange } from "../../shared/reports";

export function rangeLabel(range: ReportRange): string {
  return `Last ${range} days`;
}

export const RANGE_OPTIONS = REPORT_RANGES.map((range) => ({
  value: String(range),
  label: rangeLabel(range),
}));

/** A missing, hand-edited or outdated ?range= falls back to the default. */
export function parseReportRange(value: string | null): ReportRange {
  return REPORT_RANGES.find((range) => String(range) === value) ?? DEFAULT_REPORT_RANGE;
}

/** The chosen range lives in the URL, so a reload or a shared link shows the same report. */
export function useReportRange() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseReportRange(searchParams.get("range"));

  function changeRange(next: ReportRange) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set("range", String(next));
      return params;
    });
  }

  return { range, changeRange };
}
