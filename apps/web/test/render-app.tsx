import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../src/app/app-routes';
import { AppProviders } from '../src/app/providers';
import { setSignedOut } from '../src/features/auth/api';
import { createQueryClient } from '../src/lib/query-client';

export const testQueryClient = (): QueryClient => createQueryClient({ onUnauthorized: (c) => setSignedOut(c, false) });

/** Renders `children` (or the whole app's routes) at `path`, reports where the router ends up, and can go Back. */
export const renderAt = (path: string, children: ReactNode = <AppRoutes />, client: QueryClient = testQueryClient()) => {
  const state: { location: Location | null; navigate: NavigateFunction | null } = { location: null, navigate: null };
  const LocationProbe = () => {
    state.location = useLocation();
    state.navigate = useNavigate();
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
  /** The browser's Back button. */
  const back = () =>
    act(() => {
      if (!state.navigate) throw new Error('router has not rendered');
      void state.navigate(-1);
    });
  /** The address's search parameters now. */
  const searchParams = () => new URLSearchParams(location().search);
  return { ...utils, client, location, pathname: () => location().pathname, back, searchParams };
};
