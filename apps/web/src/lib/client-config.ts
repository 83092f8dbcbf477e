import { useQuery } from '@tanstack/react-query';
import { appEndpoints } from '@herd/contract';
import { call } from './api-client';

/** The deployment's runtime settings; they do not change while the page is open. */
export const useClientConfig = () => useQuery({ queryKey: ['client-config'], queryFn: () => call(appEndpoints.clientConfig, {}), staleTime: Infinity });
