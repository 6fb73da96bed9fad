import type { ModalProps } from "@mantine/core";
import i18next from "i18next";

/**
 * Accessibility fixes for every Mantine Modal (dialogs and confirmations): the close button
 * gets a name, and the dialog's <header> is not announced as a second page banner. The name
 * is a getter, read each time the props are spread, so it is in the page's language.
 */
export const DIALOG_PROPS = {
  get closeButtonProps() {
    return { "aria-label": i18next.t("action.close") };
  },
  attributes: { header: { role: "none" } },
} satisfies Partial<ModalProps>;
