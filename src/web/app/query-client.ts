import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: no interval or focus refetch, results never stale, no retries. */
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
