import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { notifyError, notifyErrorTitled, notifySuccess } from "../ui/notify";
import { errorMessage } from "./errors";

/** A failure toast under SPEC.md's plain 'Error' title, or a title of its own. */
export type FailureToast = { title?: string; message: string };

type FeedbackMutationOptions<Variables, Result> = {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The success toast, or how to word it from the server's answer. */
  success: string | ((result: Result) => string);
  /**
   * The failure toast: the server's message (SPEC.md section 8), else this text. Or a function
   * choosing the toast for the error; null when the caller answers that error itself (a
   * double booking is asked about, not reported).
   */
  failure: string | ((error: unknown) => FailureToast | null);
  /** The queries that show what changed: refetched after every outcome. */
  invalidate: QueryKey;
};

function toastFailure<Result>(
  error: unknown,
  failure: FeedbackMutationOptions<unknown, Result>["failure"],
) {
  const toast =
    typeof failure === "string" ? { message: errorMessage(error, failure) } : failure(error);
  if (!toast) return;
  if (toast.title) notifyErrorTitled(toast.title, toast.message);
  else notifyError(toast.message);
}

/**
 * A change sent to the server, with its outcome toasted: the one way the app runs mutations.
 * The queries under `invalidate` refetch on failure too (a refusal such as "already completed"
 * means the screen is out of date), and the mutation stays pending until they have.
 *
 * `attempt(variables)` resolves whether the change went through, for dialogs that close on
 * success; the toasts are already shown by then.
 */
export function useFeedbackMutation<Variables = void, Result = unknown>({
  mutationFn,
  success,
  failure,
  invalidate,
}: FeedbackMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: (result) => notifySuccess(typeof success === "string" ? success : success(result)),
    onError: (error) => toastFailure(error, failure),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });

  function attempt(variables: Variables): Promise<boolean> {
    return mutation.mutateAsync(variables).then(
      () => true,
      () => false,
    );
  }

  return { ...mutation, attempt };
}
