import { useQuery } from "@tanstack/react-query";
import { hasStatus } from "../api/errors";
import { assignableUsersQuery } from "../users/assignable-users";

/**
 * The officers a receipt may be marked to (those tasks can go to), as select options, asked
 * for quietly: the server gives the list to administrators and organization heads only, so a
 * clerk with the Receipt and Issue duty is refused it (`isRefused`) and marks nothing here.
 */
export function useOfficerOptions() {
  const { data, isPending, error } = useQuery({ ...assignableUsersQuery(), retry: false });
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
  return { options, isLoading: isPending && !error, isRefused: hasStatus(error, 403) };
}
