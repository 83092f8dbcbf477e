import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEnterSubmitGuard } from '../lib/enter-submit-guard';

/** Forms of several fields are not sent by Enter in a text field (`lib/enter-submit-guard.ts`). */
const EnterSubmitGuard = () => {
  useEnterSubmitGuard();
  return null;
};

/**
 * What every screen shares: the query client and the Enter rule. antd's theme is not here: it comes
 * with the screens drawn with antd (`antd-theme.tsx`), so the app's entry loads no antd.
 */
export const AppProviders = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <EnterSubmitGuard />
    {children}
  </QueryClientProvider>
);
