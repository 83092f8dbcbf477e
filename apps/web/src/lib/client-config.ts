import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@herd/contract/auth';
// The app area's endpoint only, not the whole table: the sign-in page reads the config too.
import { appEndpoints } from '@herd/contract/endpoints/app';
import { call } from './api-client';

/** The deployment's runtime settings; they do not change while the page is open. */
export const useClientConfig = () => useQuery({ queryKey: ['client-config'], queryFn: () => call(appEndpoints.clientConfig, {}), staleTime: Infinity });

/** How Xero is reached on this server: `live`, the built-in `sandbox`, or `off`. */
export type XeroMode = ClientConfig['xero'];

/** How Xero is reached here, or null while the settings are not known (still loading, or they could not be read). */
export const useXeroMode = (): XeroMode | null => useClientConfig().data?.xero ?? null;
