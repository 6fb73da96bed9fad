import { useDirection } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import i18next from "i18next";
import { useEffect } from "react";
import { directionOf, type Language } from "../../shared/i18n/languages";
import type { CurrentUser } from "../../shared/users";
import { api } from "../api/client";
import { ME_QUERY_KEY, useCurrentUser } from "../auth/session";
import { notifyError } from "../ui/notify";
import { applyLanguage, usePageLanguage } from "./language";

/** The language on screen, and a way to change it that a signed-in person's account keeps. */
export function useLanguage() {
  const language = usePageLanguage();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();

  async function changeLanguage(language: Language) {
    if (!user) {
      await applyLanguage(language);
      return;
    }
    // The account takes the choice at once, so useLanguageSync (which follows the account)
    // does not switch back while the server is being told.
    queryClient.setQueryData<CurrentUser | null>(ME_QUERY_KEY, (me) =>
      me ? { ...me, language } : me,
    );
    await applyLanguage(language);
    try {
      await parseResponse(api.api.me.language.$put({ json: { language } }));
    } catch {
      // Not kept: the account's language comes back with the refetch below.
      notifyError("common:error.unexpected");
    }
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }

  return { language, changeLanguage };
}

/**
 * Keeps the page in step with the account: a person who chose Urdu elsewhere sees Urdu here
 * once signed in, and a person who never chose keeps the page's language, which the account
 * then takes (so their mail and calendar follow it); and Mantine's direction (drawers, menus,
 * date pickers) with the page's.
 */
export function useLanguageSync() {
  const { data: user } = useCurrentUser();
  const { setDirection } = useDirection();
  const { language, changeLanguage } = useLanguage();
  const signedIn = Boolean(user);
  const accountLanguage = user?.language;

  // Only a sign-in or a choice made elsewhere moves the page; a switch made here updates the
  // account first (useLanguage). The effect must not run again for a new changeLanguage.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!signedIn) return;
    if (accountLanguage === null) void changeLanguage(language);
    else if (accountLanguage && accountLanguage !== i18next.language)
      void applyLanguage(accountLanguage);
  }, [signedIn, accountLanguage]);

  useEffect(() => {
    setDirection(directionOf(language));
  }, [language, setDirection]);
}
