import { useDirection } from "@mantine/core";
import { Notifications } from "@mantine/notifications";

/** Toasts (one at a time) in the top corner at the page's end: top right, or top left in Urdu. */
export function ToastStack() {
  const { dir } = useDirection();
  return <Notifications position={dir === "rtl" ? "top-left" : "top-right"} limit={1} />;
}
