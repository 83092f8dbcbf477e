import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_ATTEMPTS, QUERY_RETRY_BASE_DELAY_MS, QUERY_RETRY_MAX_DELAY_MS } from '@herd/contract/constants';
import { errorStatus } from './api-errors';

/** Delay before retry number `attemptIndex + 1`: 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelay = (attemptIndex: number): number => Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attemptIndex), QUERY_RETRY_MAX_DELAY_MS);

/**
 * Retries transport failures and server errors; a 4xx answer will not change
 * on retry (except 408 and 429, which ask for exactly that).
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= QUERY_RETRY_ATTEMPTS) return false;
  const status = errorStatus(error);
  if (status === null || status >= 500) return true;
  return status === 408 || status === 429;
};

export interface QueryClientOptions {
  /** Called when any call answers 401: the session ended, so the app treats the user as signed out. */
  onUnauthorized?: (client: QueryClient) => void;
}

export const createQueryClient = (options: QueryClientOptions = {}): QueryClient => {
  let client: QueryClient | null = null;
  const handle = (error: unknown) => {
    if (client && errorStatus(error) === 401) options.onUnauthorized?.(client);
  };
  client = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
};
