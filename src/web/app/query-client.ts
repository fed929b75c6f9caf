import { QueryClient } from '@tanstack/react-query';

/**
 * No interval or focus refetch, results never stale, no retries: a change invalidates what it
 * touched instead (docs/product.md#times-refreshes-and-constants).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
