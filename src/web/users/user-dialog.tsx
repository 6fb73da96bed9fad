import { Modal } from "@mantine/core";
import type { ReactNode } from "react";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";

type UserDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Already in the page's language. */
  title: string;
  children: ReactNode;
};

/** The titled dialog every user-management form sits in. */
export function UserDialog({ opened, onClose, title, children }: UserDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...DIALOG_PROPS}>
      {children}
    </Modal>
  );
}
