import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "../../shared/dates";
import {
  ENGAGEMENT_STATUS_LABELS,
  type EngagementItem,
  isCancelled,
  type StoredEngagementStatus,
  VENUE_LABELS,
  VENUES,
} from "../../shared/engagements";
import type { Language } from "../../shared/i18n/languages";
import { usePageLanguage } from "../i18n/language";

/** An engagement's own page, shared by every role. */
export function engagementPath(id: string): string {
  return `/engagement/${id}`;
}

/** The engagement pages' own words. */
export type EngagementWords = TFunction<"engagements">;

/** The weekday's name in `language`: a calendar date names the same weekday in every zone. */
function weekdayOf(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** The chart's day header, e.g. "Monday, Nov 23, 2026" (in Urdu "پیر، 23 نومبر، 2026"). */
export function formatDayHeading(isoDate: string, language: Language, t: EngagementWords): string {
  return t("chart.dayHeading", {
    weekday: weekdayOf(isoDate, language),
    date: formatDisplayDate(isoDate, language),
  });
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

/** The screen's caption joins a week's days with a dash, the printed title with words. */
export type SpanPlace = "screen" | "print";

export function describeSpan(
  span: ChartSpan,
  place: SpanPlace,
  language: Language,
  t: EngagementWords,
): string {
  if (span.kind === "week") {
    const days = {
      start: formatDisplayDate(span.start, language),
      end: formatDisplayDate(span.end, language),
    };
    return place === "print" ? t("chart.weekPrinted", days) : t("chart.week", days);
  }
  if (span.kind === "day") return formatDayHeading(span.date, language, t);
  return t("chart.all");
}

/** Whether a stored status means the meeting was put off (the original app's value too). */
function isPostponed(status: string): boolean {
  return status === "Postponed" || status === "meeting postponed";
}

/**
 * The line under an engagement's status that keeps its history: "Postponed from Nov 24, 2026:
 * Minister on tour" once it was postponed (its first date stays visible after it is set again),
 * "Cancelled: …" with the reason for a cancellation. Null when there is nothing to tell.
 */
export function describeStatusNote(
  engagement: Pick<EngagementItem, "status" | "originalDate" | "statusReason">,
  language: Language,
  t: EngagementWords,
): string | null {
  const reason = engagement.statusReason?.trim() || null;
  if (isCancelled(engagement.status)) return reason && t("note.cancelled", { reason });
  if (engagement.originalDate) {
    const date = formatDisplayDate(engagement.originalDate, language);
    return reason
      ? t("note.postponedFrom", { date, reason })
      : t("note.postponedFromDate", { date });
  }
  if (isPostponed(engagement.status) && reason) return t("note.postponed", { reason });
  return null;
}

/** The day headings, spans and status notes above, in the page's language. */
export function useEngagementDisplay() {
  const { t } = useTranslation("engagements");
  const language = usePageLanguage();
  return {
    dayHeading: (isoDate: string) => formatDayHeading(isoDate, language, t),
    span: (span: ChartSpan, place: SpanPlace) => describeSpan(span, place, language, t),
    statusNote: (engagement: Pick<EngagementItem, "status" | "originalDate" | "statusReason">) =>
      describeStatusNote(engagement, language, t),
  };
}

/** The venues as a Select's options: the stored name as the value, its label shown. */
export function useVenueOptions() {
  const { t } = useTranslation(["engagements", "common"]);
  return VENUES.map((venue) => ({ value: venue, label: t(VENUE_LABELS[venue]) }));
}

/** `statuses` as a Select's options: the stored value as the value, its label shown. */
export function useStatusOptions(statuses: readonly StoredEngagementStatus[]) {
  const { t } = useTranslation(["engagements", "common"]);
  return statuses.map((status) => ({ value: status, label: t(ENGAGEMENT_STATUS_LABELS[status]) }));
}
