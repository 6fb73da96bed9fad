import { DetailedError } from "hono/client";
import type { EngagementFields } from "../../shared/engagements";
import { errorMessage } from "../api/errors";
import { confirmAction } from "../ui/confirm";
import { notifyError, notifySuccess } from "../ui/notify";

/** The server's 409 for a venue already booked at that date and time; the admin may go ahead. */
function isClash(error: unknown): boolean {
  if (!(error instanceof DetailedError) || error.statusCode !== 409) return false;
  const detail = error.detail as { data?: { error?: { code?: unknown } } } | undefined;
  return detail?.data?.error?.code === "CLASH";
}

/** Saves; a double booking is shown with the server's message and, on "Save anyway", sent again. */
async function saveAskingOnClash(
  values: EngagementFields,
  save: (values: EngagementFields) => Promise<unknown>,
): Promise<boolean> {
  try {
    await save(values);
    return true;
  } catch (error) {
    if (!isClash(error)) throw error;
    const isGoingAhead = await confirmAction({
      title: "Venue already booked",
      message: errorMessage(error, "This venue is already booked at that date and time."),
      confirmLabel: "Save anyway",
      cancelLabel: "Cancel",
    });
    if (!isGoingAhead) return false;
    await save({ ...values, allowClash: true });
    return true;
  }
}

type SaveOptions = {
  values: EngagementFields;
  save: (values: EngagementFields) => Promise<unknown>;
  success: string;
  failure: string;
};

/**
 * Saves an engagement and toasts the outcome. Resolves true once saved; false when the save
 * failed or the admin backed off at a double booking (the dialog then keeps their input).
 */
export async function saveEngagement({ values, save, success, failure }: SaveOptions) {
  try {
    const isSaved = await saveAskingOnClash(values, save);
    if (isSaved) notifySuccess(success);
    return isSaved;
  } catch (error) {
    notifyError(errorMessage(error, failure));
    return false;
  }
}
