import { ModalsProvider } from "@mantine/modals";
import { Outlet } from "react-router";

/**
 * Confirm dialogs only ever open on signed-in pages; providing them here rather than in
 * main.tsx keeps Mantine's Modal out of the JavaScript the sign-in page downloads.
 */
export function SignedInProviders() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
