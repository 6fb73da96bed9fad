import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { loadAuthClient } from "./load-auth-client";
import { forgetReturnPath, takeReturnPath } from "./return-path";

/**
 * After signing in or up: drop anything cached for a previous visitor (including the
 * signed-out session) and go back to the page a signed-out visit asked for, or let / route the
 * new user to their dashboard.
 */
export function useEnterApp(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    queryClient.clear();
    navigate(takeReturnPath() ?? "/");
  };
}

/** SPEC.md section 4: signing out always ends on /auth, even when the server call fails. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await loadAuthClient()
      .then((authClient) => authClient.signOut())
      .catch(() => undefined);
    queryClient.clear();
    navigate("/auth", { replace: true });
    // Signing out is not a visit to come back to: the next person starts at their dashboard.
    forgetReturnPath();
  };
}
