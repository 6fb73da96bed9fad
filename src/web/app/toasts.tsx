import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const ToastStack = lazy(() =>
  import("./toast-stack").then(({ ToastStack }) => ({ default: ToastStack })),
);

/**
 * The toast stack loads with the first toast (which waits in Mantine's store meanwhile): most
 * page views show none, and its code and animations are about 6 KB of every page's script.
 */
export function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
