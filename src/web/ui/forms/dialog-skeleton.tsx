import { FocusTrap, Skeleton } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * The placeholder of a dialog whose form waits for data. Mantine's focus trap picks its target
 * once, as the dialog opens: with only a placeholder inside, that would be the Close button,
 * where a typed space closes the dialog. The placeholder holds that first focus instead and,
 * once the form has replaced it, hands focus on to the form's `data-autofocus` field.
 */
export function DialogSkeleton({ height }: { height: number }) {
  const holderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = holderRef.current?.closest<HTMLElement>("[role='dialog']");
    return () => {
      if (!dialog?.isConnected) return;
      // Focus the person moved on their own while the form loaded stays where it is.
      const active = document.activeElement;
      if (active && active !== document.body && dialog.contains(active)) return;
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    };
  }, []);

  return (
    <div ref={holderRef}>
      <FocusTrap.InitialFocus />
      <Skeleton height={height} />
    </div>
  );
}
