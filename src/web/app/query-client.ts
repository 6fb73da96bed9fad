import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isClientError, isUnauthorized } from "../api/errors";
import { ME_QUERY_KEY } from "../auth/session";

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  // Any 401 means the cookie session is gone: marking the user signed out lets the
  // session guard send them to /auth, while / and /auth simply render their signed-out view.
  function handleError(error: unknown) {
    if (isUnauthorized(error)) queryClient.setQueryData(ME_QUERY_KEY, null);
  }

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
    },
  });
  return queryClient;
}
