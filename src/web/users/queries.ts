import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type ChangePasswordInput,
  type CreateUserFields,
  type PendingUser,
  type UpdateUserFields,
  USERS_PAGE_SIZE,
  type UserListItem,
} from "../../shared/users";
import { api } from "../api/client";

/** Every user query sits under this key, so one invalidation refreshes lists and pickers alike. */
export const USERS_QUERY_KEY = ["users"] as const;

const usersApi = api.api.admin.users;

export function useUsersPage(search: string, page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, "list", { search, page }],
    queryFn: () =>
      parseResponse(
        usersApi.$get({
          query: { search, page: String(page), pageSize: String(USERS_PAGE_SIZE) },
        }),
      ),
    // The pagination keeps its page count while the next page loads.
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Returning the promise keeps the mutation pending until the table has the new data.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export function useCreateUser() {
  return useUsersMutation((json: CreateUserFields) => parseResponse(usersApi.$post({ json })));
}

export function useUpdateUser(user: UserListItem) {
  return useUsersMutation((json: UpdateUserFields) =>
    parseResponse(usersApi[":id"].$patch({ param: { id: user.id }, json })),
  );
}

export function useChangePassword(user: UserListItem) {
  return useUsersMutation((json: ChangePasswordInput) =>
    parseResponse(usersApi[":id"].password.$post({ param: { id: user.id }, json })),
  );
}

export function useDeleteUser(user: UserListItem) {
  return useUsersMutation((handOverTo: string | undefined) =>
    parseResponse(
      usersApi[":id"].$delete({ param: { id: user.id }, query: handOverTo ? { handOverTo } : {} }),
    ),
  );
}

/** Self sign-ups waiting for approval (SIGNUP_ENABLED=approval), oldest first. */
export function usePendingUsers(page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, "pending", { page }],
    queryFn: () =>
      parseResponse(
        usersApi.pending.$get({ query: { page: String(page), pageSize: String(USERS_PAGE_SIZE) } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproveUser(user: PendingUser) {
  return useUsersMutation(() =>
    parseResponse(usersApi[":id"].approve.$post({ param: { id: user.id } })),
  );
}

export function useRejectUser(user: PendingUser) {
  return useUsersMutation(() =>
    parseResponse(usersApi[":id"].reject.$post({ param: { id: user.id } })),
  );
}
