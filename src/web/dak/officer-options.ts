import { useQuery } from "@tanstack/react-query";
import { usePageLanguage } from "../i18n/language";
import { assignableUserLabel, assignableUsersQuery } from "../users/assignable-users";

/**
 * The officers a receipt may be marked to (those tasks can go to), as select options named as
 * every people picker names them (assignableUserLabel).
 */
export function useOfficerOptions() {
  const { data, isPending } = useQuery(assignableUsersQuery());
  const language = usePageLanguage();
  const options = (data ?? []).map((user) => ({
    value: user.id,
    label: assignableUserLabel(user, language),
  }));
  return { options, isLoading: isPending };
}
