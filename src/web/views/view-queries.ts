import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type CreateViewInput,
  SAVED_VIEW_MESSAGES,
  type SavedViewList,
  type UpdateViewFields,
} from "../../shared/views";
import { api } from "../api/client";
import { errorMessage, isEditConflict } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { useErrorToast } from "../api/use-error-toast";

/** Every change to a view reads both the lists' menus and the sidebar's pins again. */
export const viewKeys = {
  all: ["views"] as const,
  list: (list: SavedViewList) => ["views", "list", list] as const,
  pinned: ["views", "pinned"] as const,
};

const viewsApi = api.api.views;

/** The caller's views of `list` and those shared with them, and whether they may share. */
export function viewsOptions(list: SavedViewList) {
  return queryOptions({
    queryKey: viewKeys.list(list),
    queryFn: () => parseResponse(viewsApi.$get({ query: { list } })),
  });
}

export function useViews(list: SavedViewList) {
  const query = useQuery(viewsOptions(list));
  useErrorToast(query.error, "views:error.loadFailed");
  return query;
}

/** The sidebar's pinned views, each with where it opens for the caller's role. */
export function usePinnedViews() {
  return useQuery({
    queryKey: viewKeys.pinned,
    queryFn: async () => (await parseResponse(viewsApi.pinned.$get())).views,
  });
}

export function useCreateView() {
  return useFeedbackMutation({
    mutationFn: (json: CreateViewInput) => parseResponse(viewsApi.$post({ json })),
    success: SAVED_VIEW_MESSAGES.saved,
    failure: "views:error.saveFailed",
    invalidate: viewKeys.all,
  });
}

type ViewChange = UpdateViewFields & { id: string };

const sendChange = ({ id, ...json }: ViewChange) =>
  parseResponse(viewsApi[":id"].$patch({ param: { id }, json }));

/** A change made from the menu (sharing): any refusal, a stale one too, is its toast. */
export function useUpdateView() {
  return useFeedbackMutation({
    mutationFn: sendChange,
    success: SAVED_VIEW_MESSAGES.updated,
    failure: "views:error.updateFailed",
    invalidate: viewKeys.all,
  });
}

/**
 * The rename dialog's save. A 409 is answered by the dialog: in it when the view changed
 * meanwhile, else as this toast would have (the name already used by another view).
 */
export function useRenameView() {
  return useFeedbackMutation({
    mutationFn: sendChange,
    success: SAVED_VIEW_MESSAGES.updated,
    failure: (error) =>
      isEditConflict(error) ? null : { message: errorMessage(error, "views:error.updateFailed") },
    invalidate: viewKeys.all,
  });
}

export function useDeleteView() {
  return useFeedbackMutation({
    mutationFn: (id: string) => parseResponse(viewsApi[":id"].$delete({ param: { id } })),
    success: SAVED_VIEW_MESSAGES.deleted,
    failure: "views:error.deleteFailed",
    invalidate: viewKeys.all,
  });
}

/** Pins a view in the caller's sidebar, or takes it out. */
export function usePinView() {
  return useFeedbackMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) =>
      parseResponse(
        pinned
          ? viewsApi[":id"].pin.$put({ param: { id } })
          : viewsApi[":id"].pin.$delete({ param: { id } }),
      ),
    success: (result) => result.message,
    failure: "views:error.pinFailed",
    invalidate: viewKeys.all,
  });
}
