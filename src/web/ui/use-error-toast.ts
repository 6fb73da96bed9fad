import { useEffect } from "react";
import { notifyError } from "./notify";

/** Shows `message` as an error toast each time a query fails anew (a new error object). */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error) notifyError(message);
  }, [error, message]);
}
