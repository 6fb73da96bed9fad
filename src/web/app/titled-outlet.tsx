import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useMatches } from "react-router";
import { useCurrentUser } from "../auth/session";
import { useLanguageSync } from "../i18n/use-language";
import { pageTitle } from "./page-title";

/**
 * The root route: every page gets its own browser tab title, in the page's language, from its
 * route's handle.
 */
export function TitledOutlet() {
  const matches = useMatches();
  const { data: user } = useCurrentUser();
  const { t } = useTranslation();
  useLanguageSync();
  const title = pageTitle(
    matches.map((match) => match.handle),
    user?.role,
    t,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
