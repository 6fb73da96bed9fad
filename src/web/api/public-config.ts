import { useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { useMemo } from "react";
import type { PasswordRules } from "../../shared/passwords";
import { api } from "./client";

/** Settings the sign-in page needs before anyone signs in; fixed while the server runs. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => parseResponse(api.api["public-config"].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The password rules a form checks before the server does: the configured minimum length
 * (the common-password list stays on the server). Undefined until the settings arrive.
 */
export function usePasswordRules(): PasswordRules | undefined {
  const minLength = usePublicConfig().data?.passwordMinLength;
  return useMemo(() => (minLength === undefined ? undefined : { minLength }), [minLength]);
}
