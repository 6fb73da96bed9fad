import { notifications } from "@mantine/notifications";
import i18next from "i18next";
import { translateMessage } from "../../shared/i18n/message";

// One toast at a time (SPEC.md section 9): the newest message replaces the one on screen
// instead of waiting behind it in Mantine's queue. Each toast is its own live region: Mantine's default role "alert" (assertive) suits errors;
// success passes "status" so a screen reader reads it politely, after what it is saying.
// `message` is a catalog key (shared/i18n/message.ts) or text already in the page's language
// (the server's answers).
function show(title: string, message: string, role: "alert" | "status", color?: string) {
  notifications.clean();
  notifications.show({
    title: translateMessage(i18next, title),
    message: translateMessage(i18next, message),
    color,
    role,
    closeButtonProps: { "aria-label": i18next.t("toast.close") },
  });
}

export function notifyError(message: string): void {
  show("toast.error", message, "alert", "red");
}

/** An error toast under its own title, where SPEC.md names one (e.g. 'Upload Error'). */
export function notifyErrorTitled(title: string, message: string): void {
  show(title, message, "alert", "red");
}

/** Success toasts take the theme's primary green. */
export function notifySuccess(message: string): void {
  show("toast.success", message, "status");
}

/** Takes the toast on screen away, when the attempt it spoke of has been made again. */
export function clearToasts(): void {
  notifications.clean();
}
