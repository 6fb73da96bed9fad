import { parseResponse } from "hono/client";
import {
  type AgendaInput,
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type MinutesInput,
  type UpdateEngagementFields,
} from "../../shared/engagements";
import type { Message } from "../../shared/i18n/message";
import { api } from "../api/client";
import { errorCode, errorMessage, isEditConflict } from "../api/errors";
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
 * message; on "Save anyway" the save is sent again. `save` resolves true once saved; false when
 * the save failed or the admin backed off (the dialog then keeps their input). A save refused
 * as stale goes to `onConflict` (the form shows it beside what was typed), not to a toast.
 */
function useSaveAskingOnClash<Values extends EngagementFields>(
  send: (values: Values) => Promise<unknown>,
  messages: { success: Message; failure: Message },
) {
  const mutation = useFeedbackMutation({
    mutationFn: send,
    success: messages.success,
    failure: (error) =>
      isClash(error) || isEditConflict(error)
        ? null
        : { message: errorMessage(error, messages.failure) },
    invalidate: engagementKeys.all,
  });

  async function save(values: Values, onConflict?: (error: unknown) => void): Promise<boolean> {
    try {
      await mutation.mutateAsync(values);
      return true;
    } catch (error) {
      if (!isClash(error)) {
        onConflict?.(error);
        return false;
      }
      const isGoingAhead = await confirmAction({
        title: "engagements:clash.title",
        message: errorMessage(error, "engagements:clash.fallback"),
        confirmLabel: "engagements:clash.saveAnyway",
        cancelLabel: "common:action.cancel",
      });
      if (!isGoingAhead) return false;
      // Someone may have saved while the question was open: that refusal is the form's too.
      return save({ ...values, allowClash: true }, onConflict);
    }
  }

  return { save, isPending: mutation.isPending };
}

export function useCreateEngagement() {
  return useSaveAskingOnClash(
    (json: EngagementFields) => parseResponse(api.api.engagements.$post({ json })),
    {
      success: ENGAGEMENT_MESSAGES.created,
      failure: ENGAGEMENT_MESSAGES.createFailed,
    },
  );
}

/** Edit Engagement's save: its fields and the version of the details it was opened on. */
export function useUpdateEngagement(id: string) {
  return useSaveAskingOnClash(
    (json: UpdateEngagementFields) =>
      parseResponse(api.api.engagements[":id"].$put({ param: { id }, json })),
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

/** A save refused as stale is answered in the editor, beside what was typed. */
const failureOutsideConflicts = (error: unknown) =>
  isEditConflict(error) ? null : { message: errorMessage(error, ENGAGEMENT_MESSAGES.updateFailed) };

/**
 * The whole agenda, in order, and the agenda's version it was opened on (PUT
 * /api/engagements/:id/agenda). Answers the engagement as stored after the save.
 */
export function useSaveAgenda(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: AgendaInput) =>
      parseResponse(api.api.engagements[":id"].agenda.$put({ param: { id }, json })),
    success: ENGAGEMENT_MESSAGES.agendaSaved,
    failure: failureOutsideConflicts,
    invalidate: engagementKeys.all,
  });
}

/**
 * The minutes as the editor wrote them, and the minutes' version it was opened on; the server
 * keeps a sanitised copy. Answers the engagement as stored after the save.
 */
export function useSaveMinutes(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: MinutesInput) =>
      parseResponse(api.api.engagements[":id"].minutes.$put({ param: { id }, json })),
    success: ENGAGEMENT_MESSAGES.minutesSaved,
    failure: failureOutsideConflicts,
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
