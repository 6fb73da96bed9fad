import { useState } from "react";

/**
 * A dialog about one item. Closing keeps the item, so the dialog still shows it while it
 * fades out instead of going blank.
 */
export function useDialogItem<Item>() {
  const [state, setState] = useState<{ item: Item | null; isOpen: boolean }>({
    item: null,
    isOpen: false,
  });
  return {
    item: state.item,
    isOpen: state.isOpen,
    open: (item: Item) => setState({ item, isOpen: true }),
    close: () => setState((current) => ({ ...current, isOpen: false })),
  };
}
