import { format, parse } from "date-fns";
import { DISPLAY_DATE_FORMAT, formatDisplayDate } from "../../shared/dates";
import type { EngagementItem } from "../../shared/engagements";

/** A stored HH:mm time on a 12-hour clock, e.g. "14:30" as "2:30 PM". */
export function formatTime(time: string): string {
  return format(parse(time, "HH:mm", new Date()), "h:mm a");
}

/** The chart's day header, e.g. "Monday, Nov 23, 2026". */
export function formatDayHeading(isoDate: string): string {
  return format(parse(isoDate, "yyyy-MM-dd", new Date()), `EEEE, ${DISPLAY_DATE_FORMAT}`);
}

export type EngagementDay = { date: string; engagements: EngagementItem[] };

/** Consecutive engagements of the same date, in the order the server sent them. */
export function groupByDay(engagements: EngagementItem[]): EngagementDay[] {
  const days: EngagementDay[] = [];
  for (const engagement of engagements) {
    const last = days.at(-1);
    if (last?.date === engagement.date) last.engagements.push(engagement);
    else days.push({ date: engagement.date, engagements: [engagement] });
  }
  return days;
}

/** What the chart covers, for its caption and its printed title. */
export type ChartSpan =
  | { kind: "week"; start: string; end: string }
  | { kind: "day"; date: string }
  | { kind: "all" };

export function describeSpan(span: ChartSpan, separator: string): string {
  if (span.kind === "week") {
    return `Week of ${formatDisplayDate(span.start)}${separator}${formatDisplayDate(span.end)}`;
  }
  if (span.kind === "day") return formatDayHeading(span.date);
  return "All Engagements";
}
