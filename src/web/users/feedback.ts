import { errorMessage } from "../api/errors";
import { notifyError, notifySuccess } from "../ui/notify";

/**
 * Waits for an API call and toasts its outcome: the success text, or the server's message
 * (SPEC.md section 8) else the fallback. Resolves true when the call succeeded.
 */
export async function withToasts<Result>(
  call: Promise<Result>,
  success: string | ((result: Result) => string),
  fallback: string,
): Promise<boolean> {
  try {
    const result = await call;
    notifySuccess(typeof success === "string" ? success : success(result));
    return true;
  } catch (error) {
    notifyError(errorMessage(error, fallback));
    return false;
  }
}
