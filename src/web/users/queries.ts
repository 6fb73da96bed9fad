import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type ChangePasswordInput,
  type CreateUserFields,
  type PendingUser,
  type UpdateUserFields,
  USER_MESSAGES,
  USERS_PAGE_SIZE,
  type UserListItem,
} from "../../shared/users";
import { api, toQuery } from "../api/client";
import { errorMessage, isEditConflict } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";

/** Every user query sits under this key, so one invalidation refreshes lists and pickers alike. */
export const USERS_QUERY_KEY = ["users"] as const;

const usersApi = api.api.admin.users;

export function useUsersPage(search: string, page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, "list", { search, page }],
    queryFn: () =>
      parseResponse(
        usersApi.$get({
          query: toQuery({ search, page, pageSize: USERS_PAGE_SIZE }),
        }),
      ),
    // The pagination keeps its page count while the next page loads.
    placeholderData: keepPreviousData,
  });
}

/** One account as Manage Users lists it, read afresh when Edit Account needs the current one. */
export function userDetailOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, "detail", id],
    queryFn: () => parseResponse(usersApi[":id"].$get({ param: { id } })),
  });
}

// Every change refetches every user query. Where the server words the success (naming the
// person), its message is the toast.

export function useCreateUser() {
  return useFeedbackMutation({
    mutationFn: (json: CreateUserFields) => parseResponse(usersApi.$post({ json })),
    success: USER_MESSAGES.created,
    failure: USER_MESSAGES.createFailed,
    invalidate: USERS_QUERY_KEY,
  });
}

export function useUpdateUser(user: UserListItem) {
  return useFeedbackMutation({
    mutationFn: (json: UpdateUserFields) =>
      parseResponse(usersApi[":id"].$patch({ param: { id: user.id }, json })),
    success: USER_MESSAGES.updated,
    // A 409 is answered by the dialog: in it when the account changed meanwhile (a stale save),
    // else as this toast would have (an e-mail in use, the last administrator's role).
    failure: (error) =>
      isEditConflict(error) ? null : { message: errorMessage(error, USER_MESSAGES.updateFailed) },
    invalidate: USERS_QUERY_KEY,
  });
}

export function useChangePassword(user: UserListItem) {
  return useFeedbackMutation({
    mutationFn: (json: ChangePasswordInput) =>
      parseResponse(usersApi[":id"].password.$post({ param: { id: user.id }, json })),
    success: (result) => result.message,
    failure: USER_MESSAGES.changePasswordFailed,
    invalidate: USERS_QUERY_KEY,
  });
}

export function useDeleteUser(user: UserListItem) {
  return useFeedbackMutation({
    mutationFn: (handOverTo: string | undefined) =>
      parseResponse(
        usersApi[":id"].$delete({
          param: { id: user.id },
          query: handOverTo ? { handOverTo } : {},
        }),
      ),
    success: USER_MESSAGES.deleted,
    failure: USER_MESSAGES.deleteFailed,
    invalidate: USERS_QUERY_KEY,
  });
}

/** Self sign-ups waiting for approval (SIGNUP_ENABLED=approval), oldest first. */
export function usePendingUsers(page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, "pending", { page }],
    queryFn: () =>
      parseResponse(usersApi.pending.$get({ query: toQuery({ page, pageSize: USERS_PAGE_SIZE }) })),
    placeholderData: keepPreviousData,
  });
}

export function useApproveUser(user: PendingUser) {
  return useFeedbackMutation({
    mutationFn: () => parseResponse(usersApi[":id"].approve.$post({ param: { id: user.id } })),
    success: (result) => result.message,
    failure: USER_MESSAGES.approveFailed,
    invalidate: USERS_QUERY_KEY,
  });
}

export function useRejectUser(user: PendingUser) {
  return useFeedbackMutation({
    mutationFn: () => parseResponse(usersApi[":id"].reject.$post({ param: { id: user.id } })),
    success: (result) => result.message,
    failure: USER_MESSAGES.rejectFailed,
    invalidate: USERS_QUERY_KEY,
  });
}
