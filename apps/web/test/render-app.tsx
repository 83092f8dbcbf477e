import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../src/app/app-routes';
import { AppProviders } from '../src/app/providers';
import { setSignedOut } from '../src/features/auth/api';
import { createQueryClient } from '../src/lib/query-client';

export const testQueryClient = (): QueryClient => createQueryClient({ onUnauthorized: (c) => setSignedOut(c, false) });

/** Renders `children` (or the whole app's routes) at `path`, and reports where the router ends up. */
export const renderAt = (path: string, children: ReactNode = <AppRoutes />, client: QueryClient = testQueryClient()) => {
  const state: { location: Location | null } = { location: null };
  const LocationProbe = () => {
    state.location = useLocation();
    return null;
  };
  const utils = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = (): Location => {
    if (!state.location) throw new Error('router has not rendered');
    return state.location;
  };
  return { ...utils, client, location, pathname: () => location().pathname };
};
