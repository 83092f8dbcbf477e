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

/**
 * What this installation can do, as the server said. Each is offered unless the server said it is off:
 * settings still loading, or that could not be read, say nothing either way, and the server answers
 * for itself if the person tries.
 */
export const useInstallation = () => {
  const config = useClientConfig().data;
  return {
    /** Herd's emails reach people (an SMTP server, or development's outbox). */
    emailDelivery: config?.email_delivery !== false,
    /** "Connect QuickBooks" can work. */
    quickbooks: config?.quickbooks !== 'off',
    /** "Connect the sandbox Karbon" can work. */
    karbonSandbox: config?.karbon_sandbox !== false,
  };
};
