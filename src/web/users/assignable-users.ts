import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { USER_MESSAGES } from "../../shared/users";
import { api } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

type PeopleOptions = {
  enabled?: boolean;
  /** Organization heads too: everyone who acts (the Audit Log), not who tasks can go to. */
  includeHeads?: boolean;
};

/** The people query, for a hook or for fetching when asked (Print Tasks names its assignee). */
export function assignableUsersQuery({
  includeHeads = false,
}: Omit<PeopleOptions, "enabled"> = {}) {
  return queryOptions({
    queryKey: ["users", "assignable", { includeHeads }],
    queryFn: () =>
      parseResponse(
        api.api.users.assignable.$get({ query: includeHeads ? { includeHeads: "true" } : {} }),
      ),
  });
}

/** Users and administrators a task may go to (the server leaves out organization heads). */
export function useAssignableUsers({ enabled = true, includeHeads = false }: PeopleOptions = {}) {
  const query = useQuery({ ...assignableUsersQuery({ includeHeads }), enabled });
  useErrorToast(query.error, USER_MESSAGES.fetchFailed);
  return query;
}

/** Select options: the display name, with the User ID or e-mail to tell namesakes apart. */
export function useAssignableUserOptions({
  enabled = true,
  includeHeads = false,
}: PeopleOptions = {}) {
  const { data, isPending } = useAssignableUsers({ enabled, includeHeads });
  const options = (data ?? []).map((user) => {
    const handle = user.userId ?? user.email;
    return {
      value: user.id,
      label:
        handle && handle !== user.displayName
          ? `${user.displayName} (${handle})`
          : user.displayName,
    };
  });
  return { options, isLoading: enabled && isPending };
}
