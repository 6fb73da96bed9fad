import { useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type { Language } from "../../shared/i18n/languages";
import type { EmailChoices } from "../../shared/notifications";
import { api } from "../api/client";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { usePageLanguage } from "../i18n/language";

/**
 * Every notifications query sits under "notifications": the live stream invalidates that
 * prefix when the server tells the signed-in person something (live-updates.ts).
 */
export const notificationKeys = {
  all: ["notifications"] as const,
  // The server writes each notice in the reader's language: a list fetched in the other one
  // must not be shown after a switch.
  list: (language: Language) => ["notifications", "list", language] as const,
  preferences: ["notifications", "preferences"] as const,
};

const notificationsApi = api.api.notifications;

/**
 * The newest notifications and the unread count: one query for the bell's count and its list,
 * so opening the list shows what the count already fetched.
 */
export function useNotifications() {
  const language = usePageLanguage();
  return useQuery({
    queryKey: notificationKeys.list(language),
    queryFn: () => parseResponse(notificationsApi.$get({ query: {} })),
  });
}

export function useMarkRead() {
  return useFeedbackMutation({
    mutationFn: (id: string) =>
      parseResponse(notificationsApi[":id"].read.$post({ param: { id } })),
    success: (result) => result.message,
    failure: "notifications:markReadFailed",
    invalidate: notificationKeys.all,
  });
}

export function useMarkAllRead() {
  return useFeedbackMutation({
    mutationFn: () => parseResponse(notificationsApi["read-all"].$post()),
    success: (result) => result.message,
    failure: "notifications:markAllReadFailed",
    invalidate: notificationKeys.all,
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => parseResponse(notificationsApi.preferences.$get()),
  });
}

export function useSaveEmailPreferences() {
  return useFeedbackMutation({
    mutationFn: (email: EmailChoices) =>
      parseResponse(notificationsApi.preferences.$put({ json: { email } })),
    success: (result) => result.message,
    failure: "notifications:preferences.saveFailed",
    invalidate: notificationKeys.preferences,
  });
}
