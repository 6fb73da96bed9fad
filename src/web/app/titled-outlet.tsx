import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { useCurrentUser } from "../auth/session";
import { pageTitle } from "./page-title";

/** The root route: every page gets its own browser tab title from its route's handle. */
export function TitledOutlet() {
  const matches = useMatches();
  const { data: user } = useCurrentUser();
  const title = pageTitle(
    matches.map((match) => match.handle),
    user?.role,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
