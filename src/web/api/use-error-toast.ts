import { useEffect } from "react";
import { notifyError } from "../ui/notify";
import { isUnauthorized } from "./errors";

/**
 * Shows `message` as an error toast each time a call fails anew (a new error object). A lost
 * session (401) is the session guard's to handle, not a toast's.
 */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(message);
  }, [error, message]);
}
