import { useState } from "react";

/**
 * Which row a dialog is about. Closing keeps the row, so the dialog's content stays put
 * while it fades out instead of vanishing first.
 */
export function useDialogTarget<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  function open(next: Target) {
    setTarget(next);
    setIsOpen(true);
  }

  return { target, isOpen, open, close: () => setIsOpen(false) };
}
