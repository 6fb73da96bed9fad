import { useState } from "react";

const COOKIE_NAME = "sidebar_state";
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function readIsExpanded(): boolean {
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE_NAME}=`));
  return entry?.slice(COOKIE_NAME.length + 1) !== "false";
}

function writeIsExpanded(isExpanded: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support; this is one fixed-format value.
  document.cookie = `${COOKIE_NAME}=${isExpanded}; path=/; max-age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** Whether the desktop sidebar shows labels; kept in a cookie for 7 days (SPEC.md section 2). */
export function useSidebarExpanded(): [isExpanded: boolean, toggle: () => void] {
  const [isExpanded, setIsExpanded] = useState(readIsExpanded);

  function toggle() {
    writeIsExpanded(!isExpanded);
    setIsExpanded(!isExpanded);
  }

  return [isExpanded, toggle];
}
