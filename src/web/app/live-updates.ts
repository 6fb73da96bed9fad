import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveEnd, LiveEvent } from "../../shared/live";
import { announceLiveChange } from "../api/live-changes";
import { ME_QUERY_KEY } from "../auth/session";

/** Which cached queries a change makes stale; refetching goes through the normal endpoints. */
const STALE_KEYS: Record<LiveEvent["entity"], string[][]> = {
  // A meeting's decisions stand where their tasks stand: its page and the Decisions page.
  task: [["tasks"], ["reports"], ["engagements", "details"], ["engagements", "decisions"]],
  response_file: [["tasks"]],
  engagement: [["engagements"]],
  // A deleted user's tasks move to someone else.
  user: [["users"], ["tasks"], ["reports"]],
  notification: [["notifications"]],
  // A receipt marked makes a task; the task page shows its letters.
  receipt: [["receipts"], ["tasks"], ["search"]],
  dispatch: [["dispatches"], ["receipts"], ["search"]],
};

function invalidate(queryClient: QueryClient, keys: string[][]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Listens to /api/live while signed in. The browser's EventSource reconnects by itself after
 * a dropped connection or a server restart (the `retry:` hint); changes missed meanwhile are
 * caught up by refetching everything live. When the server ends the stream for good (`end`):
 * a session that ended rechecks who is signed in (and so goes to /auth); a stream replaced by
 * newer ones (too many tabs) opens again when this tab is looked at again.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let connectedBefore = false;

    function connect() {
      const current = new EventSource("/api/live");
      source = current;
      current.addEventListener("ready", () => {
        if (connectedBefore) invalidate(queryClient, Object.values(STALE_KEYS).flat());
        connectedBefore = true;
      });
      current.addEventListener("change", (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
        invalidate(queryClient, STALE_KEYS[event.entity] ?? []);
        announceLiveChange(event);
      });
      current.addEventListener("end", (message) => {
        const { reason } = JSON.parse((message as MessageEvent<string>).data) as LiveEnd;
        if (reason === "restart") return;
        current.close();
        source = undefined;
        if (reason === "signed_out") void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      });
    }

    function handleVisibilityChange() {
      if (document.visibilityState === "visible" && !source) connect();
    }

    connect();
    document.addEventListener("visibilitychange", handleVisibilityChange);
    return () => {
      document.removeEventListener("visibilitychange", handleVisibilityChange);
      source?.close();
    };
  }, [queryClient]);
}
