import { useTranslation } from "react-i18next";
import { useDisplayInstant } from "../ui/use-display-date";

/** When a notification came, as "Nov 22, 2026, 14:05" (the Urdu date in Urdu), office time. */
export function useNotificationTime(): (createdAt: string) => string {
  const { t } = useTranslation("notifications");
  const displayInstant = useDisplayInstant();
  return (createdAt) => t("item.time", displayInstant(createdAt));
}
