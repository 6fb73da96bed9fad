import { parseResponse } from "hono/client";
import {
  type AgendaInput,
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type MinutesInput,
} from "../../shared/engagements";
import type { Message } from "../../shared/i18n/message";
import { api } from "../api/client";
import { errorCode, errorMessage } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { confirmAction } from "../ui/forms/confirm";
import { engagementKeys } from "./engagement-queries";

/**
 * The server's 409 for a clash: the venue already booked at that date and time, or a
 * participant already in another engagement then. The admin may go ahead.
 */
function isClash(error: unknown): boolean {
  return errorCode(error) === "CLASH";
}

/**
 * Saves an engagement. A double booking is not reported but asked about, with the server's
 * message; on "Save anyway" the save is sent again. Resolves true once saved; false when the
 * save failed or the admin backed off (the dialog then keeps their input).
 */
function useSaveAskingOnClash(
  send: (values: EngagementFields) => Promise<unknown>,
  messages: { success: Message; failure: Message },
) {
  const mutation = useFeedbackMutation({
    mutationFn: send,
    success: messages.success,
    failure: (error) =>
      isClash(error) ? null : { message: errorMessage(error, messages.failure) },
    invalidate: engagementKeys.all,
  });

  return async function save(values: EngagementFields): Promise<boolean> {
    try {
      await mutation.mutateAsync(values);
      return true;
    } catch (error) {
      if (!isClash(error)) return false;
      const isGoingAhead = await confirmAction({
        title: "engagements:clash.title",
        message: errorMessage(error, "engagements:clash.fallback"),
        confirmLabel: "engagements:clash.saveAnyway",
        cancelLabel: "common:action.cancel",
      });
      return isGoingAhead && mutation.attempt({ ...values, allowClash: true });
    }
  };
}

export function useCreateEngagement() {
  return useSaveAskingOnClash((json) => parseResponse(api.api.engagements.$post({ json })), {
    success: ENGAGEMENT_MESSAGES.created,
    failure: ENGAGEMENT_MESSAGES.createFailed,
  });
}

export function useUpdateEngagement(id: string) {
  return useSaveAskingOnClash(
    (json) => parseResponse(api.api.engagements[":id"].$put({ param: { id }, json })),
    { success: ENGAGEMENT_MESSAGES.updated, failure: ENGAGEMENT_MESSAGES.updateFailed },
  );
}

export function useDeleteEngagement() {
  return useFeedbackMutation({
    mutationFn: (id: string) =>
      parseResponse(api.api.engagements[":id"].$delete({ param: { id } })),
    success: ENGAGEMENT_MESSAGES.deleted,
    failure: ENGAGEMENT_MESSAGES.deleteFailed,
    invalidate: engagementKeys.all,
  });
}

/** The whole agenda, in order (PUT /api/engagements/:id/agenda). */
export function useSaveAgenda(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: AgendaInput) =>
      parseResponse(api.api.engagements[":id"].agenda.$put({ param: { id }, json })),
    success: ENGAGEMENT_MESSAGES.agendaSaved,
    failure: ENGAGEMENT_MESSAGES.updateFailed,
    invalidate: engagementKeys.all,
  });
}

/** The minutes as the editor wrote them; the server keeps a sanitised copy. */
export function useSaveMinutes(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: MinutesInput) =>
      parseResponse(api.api.engagements[":id"].minutes.$put({ param: { id }, json })),
    success: ENGAGEMENT_MESSAGES.minutesSaved,
    failure: ENGAGEMENT_MESSAGES.updateFailed,
    invalidate: engagementKeys.all,
  });
}

/** A new private calendar address; the old one stops working at once. */
export function useResetCalendarFeed() {
  return useFeedbackMutation({
    mutationFn: () => parseResponse(api.api.calendar.feed.reset.$post()),
    success: "engagements:calendar.resetDone",
    failure: "engagements:calendar.resetFailed",
    invalidate: engagementKeys.calendarFeed,
  });
}
