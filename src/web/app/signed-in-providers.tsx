import { ModalsProvider } from "@mantine/modals";
import { Outlet } from "react-router";
import { useLiveUpdates } from "./live-updates";

/**
 * Confirm dialogs only ever open on signed-in pages; providing them here rather than in
 * main.tsx keeps Mantine's Modal out of the JavaScript the sign-in page downloads. Live
 * updates likewise run only while someone is signed in.
 */
export function SignedInProviders() {
  useLiveUpdates();
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
