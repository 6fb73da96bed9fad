import {
  Combobox,
  type CSSVariablesResolver,
  createTheme,
  Input,
  type MantineColorsTuple,
  Notification,
} from "@mantine/core";
import focusClasses from "./focus.module.css";

/** A deep, official green; shade 8 is the primary and keeps white text above 4.5:1 contrast. */
const hedGreen: MantineColorsTuple = [
  "#e8f5ee",
  "#d3e9dc",
  "#a6d2b9",
  "#76ba94",
  "#4fa675",
  "#369a62",
  "#279357",
  "#1a8048",
  "#0f723e",
  "#006331",
];

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  // Someone whose system asks for less motion (vestibular disorders, WCAG 2.3.3) gets dialogs,
  // menus and toasts that appear at once instead of fading and sliding in.
  respectReducedMotion: true,
  primaryColor: "hedGreen",
  primaryShade: { light: 8, dark: 6 },
  colors: { hedGreen },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: "600" },
  defaultRadius: "sm",
  components: {
    // A closed dropdown is not kept in the page: each one kept (hidden) was positioned as the
    // page opened, four filter selects forcing 20 ms of style work into the list's first
    // render, and an assignee select holding every account's option (issue 32).
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    Input: Input.extend({ classNames: { input: focusClasses.input } }),
    // Toast text is a fixed light grey by default; the (darkened) dimmed colour keeps it readable.
    Notification: Notification.extend({
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    }),
  },
});

/**
 * Mantine's defaults that read below 4.5:1 (WCAG AA), made darker: the dimmed grey on white;
 * the error red under a field (red 6 on white, 3.28:1; red 9 is 5.9:1); a disabled button's
 * text on its grey (grey 5 on grey 2, 1.74:1; grey 7 is 6.9:1, still plainly greyed out).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-disabled-color": "var(--mantine-color-gray-7)",
  },
  dark: {},
});
