import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type { Language } from "../../shared/i18n/languages";
import { type AssignableUser, designationIn, USER_MESSAGES } from "../../shared/users";
import { api } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";
import { usePageLanguage } from "../i18n/language";

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

/**
 * A person as the pickers name them: "Name (handle), Designation". The User ID or e-mail tells
 * namesakes apart; the designation, in `language` (designationIn), says which post they hold.
 */
export function assignableUserLabel(user: AssignableUser, language: Language): string {
  const handle = user.userId ?? user.email;
  const name =
    handle && handle !== user.displayName ? `${user.displayName} (${handle})` : user.displayName;
  const designation = designationIn(user, language);
  return designation ? `${name}, ${designation}` : name;
}

/** Select options, each labelled by assignableUserLabel in the page's language. */
export function useAssignableUserOptions({
  enabled = true,
  includeHeads = false,
}: PeopleOptions = {}) {
  const { data, isPending } = useAssignableUsers({ enabled, includeHeads });
  const language = usePageLanguage();
  const options = (data ?? []).map((user) => ({
    value: user.id,
    label: assignableUserLabel(user, language),
  }));
  return { options, isLoading: enabled && isPending };
}
