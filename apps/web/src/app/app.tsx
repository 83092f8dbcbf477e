import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';

export const HerdApp = ({ client }: { client: QueryClient }) => (
  <AppProviders client={client}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);
