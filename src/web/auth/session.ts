import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { createContext, useContext } from "react";
import { roleOrDefault } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";
import { api } from "../api/client";
import { isUnauthorized } from "../api/errors";

export const ME_QUERY_KEY = ["me"] as const;

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const me = await parseResponse(api.api.me.$get());
    // SPEC.md section 4: a role that cannot be read counts as `user`.
    return { ...me, role: roleOrDefault(me.role) };
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: fetchCurrentUser,
  // The page's parts that mount as it opens share the first answer rather than asking again;
  // sign-in, sign-out and any 401 still refresh it at once.
  staleTime: 5_000,
});

/** The session: pending while loading, then the signed-in user or null when signed out. */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * The signed-in user as RequireSession last saw it. Pages read it from context rather than
 * from the query: while a sign-out clears the cache, a page may re-render once more before
 * the guard unmounts it, and must still have a user to show.
 */
export const SignedInUserContext = createContext<CurrentUser | null>(null);

export function useSignedInUser(): CurrentUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error("useSignedInUser is only for pages behind RequireSession");
  return user;
}
