import { useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { api } from "../api/client";

/** Settings the sign-in page needs before anyone signs in; fixed while the server runs. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => parseResponse(api.api["public-config"].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
