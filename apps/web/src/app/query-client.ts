import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http.ts';

// The one QueryClient. A 4xx answer will not change on retry (and the client has already shown it), so only
// network failures and 5xx are retried, once.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});
