import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import classes from "./skip-link.module.css";

const MAIN_CONTENT_ID = "main-content";

/** Spread on a page's <main>: the element the skip link sends focus to. */
export const skipLinkTarget = {
  id: MAIN_CONTENT_ID,
  tabIndex: -1,
  className: classes.target,
} as const;

/** "Skip to main content": the first focusable element of a page, shown only when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    // Focus moves without putting "#main-content" in the address, which the router would
    // take as a navigation.
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }

  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={handleClick}>
      {t("skipLink")}
    </a>
  );
}
