// Server data cache (TanStack Query): client errors are not retried, the session handles 50401 itself.
// One cache for the app; the logged-in layouts provide it, so the login page does not load it.
import { QueryClient } from '@tanstack/react-query';
import { isRpcError } from '../lib/api/rpc-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A bad request, missing rights or a missing object will answer the same again.
        retry: (failures, error) =>
          failures < 1 &&
          !(isRpcError(error) && error.code !== undefined && error.code >= 50400 && error.code < 50500),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
