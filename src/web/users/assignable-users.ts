import { useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { USER_MESSAGES } from "../../shared/users";
import { api } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

/** Users and administrators a task may go to; the server already leaves out organization heads. */
export function useAssignableUsers({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: ["users", "assignable"],
    queryFn: () => parseResponse(api.api.users.assignable.$get()),
    enabled,
  });
  useErrorToast(query.error, USER_MESSAGES.fetchFailed);
  return query;
}

/** Select options: the display name, with the User ID or e-mail to tell namesakes apart. */
export function useAssignableUserOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const { data, isPending } = useAssignableUsers({ enabled });
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
