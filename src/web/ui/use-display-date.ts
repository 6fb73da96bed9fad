import { format } from "date-fns";
import { formatDisplayDate } from "../../shared/dates";
import { usePageLanguage } from "../i18n/language";

/** formatDisplayDate in the page's language: `const displayDate = useDisplayDate()`. */
export function useDisplayDate(): (isoDate: string) => string {
  const language = usePageLanguage();
  return (isoDate) => formatDisplayDate(isoDate, language);
}

/**
 * The calendar day (yyyy-MM-dd) on which an instant (an ISO timestamp such as an account's
 * createdAt) falls in this browser's zone, for useDisplayDate: the timestamp's own first ten
 * characters would be its day in UTC.
 */
export function localDayOf(timestamp: string): string {
  return format(new Date(timestamp), "yyyy-MM-dd");
}
