import { formatDisplayDate, timeOfDayIn, todayIn } from "../../shared/dates";
import { usePublicConfig } from "../api/public-config";
import { usePageLanguage } from "../i18n/language";

/** formatDisplayDate in the page's language: `const displayDate = useDisplayDate()`. */
export function useDisplayDate(): (isoDate: string) => string {
  const language = usePageLanguage();
  return (isoDate) => formatDisplayDate(isoDate, language);
}

export type DisplayInstant = {
  /** The day, as the page writes dates ("Nov 22, 2026"; the Urdu date in Urdu). */
  date: string;
  /** The time, 24-hour as the office writes times ("14:05"). */
  time: string;
};

/**
 * When an instant (an ISO timestamp such as an account's createdAt) happened on the office's
 * clock (APP_TIMEZONE), as every date the app shows is the office's: a browser in another zone,
 * or near midnight, would otherwise put it on another day than "today" and overdue say. The
 * browser's own zone stands in only until the server's settings arrive.
 */
export function useDisplayInstant(): (timestamp: string) => DisplayInstant {
  const displayDate = useDisplayDate();
  const timeZone =
    usePublicConfig().data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (timestamp) => {
    const at = new Date(timestamp);
    return { date: displayDate(todayIn(timeZone, at)), time: timeOfDayIn(timeZone, at) };
  };
}
