import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveEvent } from "../../shared/live";

/** Which cached queries a change makes stale; refetching goes through the normal endpoints. */
const STALE_KEYS: Record<LiveEvent["entity"], string[][]> = {
  task: [["tasks"], ["reports"]],
  response_file: [["tasks"]],
  engagement: [["engagements"]],
  // A deleted user's tasks move to someone else.
  user: [["users"], ["tasks"], ["reports"]],
};

function invalidate(queryClient: QueryClient, keys: string[][]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Listens to /api/live while signed in. The browser's EventSource reconnects by itself after
 * a restart; changes missed while disconnected are caught up by refetching everything live.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/live");
    let connectedBefore = false;
    source.addEventListener("ready", () => {
      if (connectedBefore) invalidate(queryClient, Object.values(STALE_KEYS).flat());
      connectedBefore = true;
    });
    source.addEventListener("change", (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
      invalidate(queryClient, STALE_KEYS[event.entity] ?? []);
    });
    return () => source.close();
  }, [queryClient]);
}
