import type { ModalProps } from "@mantine/core";

/**
 * Accessibility fixes for every Mantine Modal (dialogs and confirmations): the close button
 * gets a name, and the dialog's <header> is not announced as a second page banner.
 */
export const DIALOG_PROPS = {
  closeButtonProps: { "aria-label": "Close" },
  attributes: { header: { role: "none" } },
} satisfies Partial<ModalProps>;
