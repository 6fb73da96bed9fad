import { useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type { z } from "zod/mini";
import type {
  amendReceiptInput,
  closeReceiptInput,
  diariseForm,
  dispatchForm,
  linkReceiptInput,
  markInput,
} from "../../shared/dak";
import { api } from "../api/client";
import { errorMessage, isEditConflict } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { dakKeys } from "./dak-queries";

// The registers' changes: the server words the success toast (it names the number given), and
// the register's queries read again afterwards; what else the change touches (a task made by a
// marking, a task's letters after a reply, the search) follows from the live update.

const spoken = (result: { message: string }) => result.message;

export type DiariseValues = z.input<typeof diariseForm>;
export type DispatchValues = z.input<typeof dispatchForm>;

/** Diarise (and, with an officer chosen, Mark): multipart, the scans in repeated `scans`. */
export function useDiarise() {
  return useFeedbackMutation({
    mutationFn: (form: DiariseValues) => parseResponse(api.api.receipts.$post({ form })),
    success: spoken,
    failure: "dak:register.diariseFailed",
    invalidate: dakKeys.receipts,
  });
}

/**
 * Dispatch (or Dispatch Reply): multipart, the letter's copy in `letter`. A reply is one of its
 * task's letters, which are read with the receipts: those read again too.
 */
export function useDispatch() {
  const queryClient = useQueryClient();
  const mutation = useFeedbackMutation({
    mutationFn: (form: DispatchValues) => parseResponse(api.api.dispatches.$post({ form })),
    success: spoken,
    failure: "dak:register.dispatchFailed",
    invalidate: dakKeys.dispatches,
  });
  async function attempt(form: DispatchValues): Promise<boolean> {
    const isSent = await mutation.attempt(form);
    if (isSent) await queryClient.invalidateQueries({ queryKey: dakKeys.receipts });
    return isSent;
  }
  return { ...mutation, attempt };
}

export function useMarkReceipt(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: z.input<typeof markInput>) =>
      parseResponse(api.api.receipts[":id"].mark.$post({ param: { id }, json })),
    success: spoken,
    failure: "dak:register.saveFailed",
    invalidate: dakKeys.receipts,
  });
}

export function useLinkReceipt(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: z.input<typeof linkReceiptInput>) =>
      parseResponse(api.api.receipts[":id"].link.$post({ param: { id }, json })),
    success: spoken,
    failure: "dak:register.saveFailed",
    invalidate: dakKeys.receipts,
  });
}

export function useCloseReceipt(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: z.input<typeof closeReceiptInput>) =>
      parseResponse(api.api.receipts[":id"].close.$post({ param: { id }, json })),
    success: spoken,
    failure: "dak:register.saveFailed",
    invalidate: dakKeys.receipts,
  });
}

export function useAmendReceipt(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: z.input<typeof amendReceiptInput>) =>
      parseResponse(api.api.receipts[":id"].$patch({ param: { id }, json })),
    success: spoken,
    // A save refused as stale is answered in the dialog, beside what was typed.
    failure: (error) =>
      isEditConflict(error) ? null : { message: errorMessage(error, "dak:register.saveFailed") },
    invalidate: dakKeys.receipts,
  });
}
