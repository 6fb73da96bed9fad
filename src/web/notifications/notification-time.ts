import { format } from "date-fns";
import { useTranslation } from "react-i18next";
import { localDayOf, useDisplayDate } from "../ui/use-display-date";

/**
 * When a notification came, as "Nov 22, 2026, 14:05" (the Urdu date in Urdu): the app's date
 * with the hour in this browser's zone, 24-hour as the office writes times (the digest's 08:00).
 */
export function useNotificationTime(): (createdAt: string) => string {
  const { t } = useTranslation("notifications");
  const displayDate = useDisplayDate();
  return (createdAt) =>
    t("item.time", {
      date: displayDate(localDayOf(createdAt)),
      time: format(new Date(createdAt), "HH:mm"),
    });
}
