import { notifications } from "@mantine/notifications";

// One toast at a time (SPEC.md section 9): the newest message replaces the one on screen
// instead of waiting behind it in Mantine's queue. Each toast is its own live region: Mantine's default role "alert" (assertive) suits errors;
// success passes "status" so a screen reader reads it politely, after what it is saying.
function show(title: string, message: string, role: "alert" | "status", color?: string) {
  notifications.clean();
  notifications.show({
    title,
    message,
    color,
    role,
    closeButtonProps: { "aria-label": "Close notification" },
  });
}

export function notifyError(message: string): void {
  show("Error", message, "alert", "red");
}

/** An error toast under its own title, where SPEC.md names one (e.g. 'Upload Error'). */
export function notifyErrorTitled(title: string, message: string): void {
  show(title, message, "alert", "red");
}

/** Success toasts take the theme's primary green. */
export function notifySuccess(message: string): void {
  show("Success", message, "status");
}
