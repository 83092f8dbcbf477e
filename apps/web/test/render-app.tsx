import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@herd/contract';
import { AntdTheme } from '../src/app/antd-theme';
import { AppRoutes } from '../src/app/app-routes';
import { RequireSignedIn } from '../src/app/guards';
import { AppFeedback } from '../src/app/feedback';
import { AppProviders } from '../src/app/providers';
import { setSignedIn, setSignedOut } from '../src/features/auth/api';
import { createQueryClient } from '../src/lib/query-client';
import { LoadingScreen } from '../src/ui/loading-screen';

/** The app's own query client (its retry policy included), as the whole app runs it. */
export const testQueryClient = (): QueryClient => createQueryClient({ onUnauthorized: (c) => setSignedOut(c, false) });

/** The app's query client without retries: a failed call shows its error at once instead of after 1 + 2 + 4 s of real backoff. */
export const pageQueryClient = (): QueryClient => {
  const client = testQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
};

/**
 * The app's providers, with antd's runtime CSS-in-JS switched off
 * (`zeroRuntime`): components keep their class names and behaviour, but no
 * style sheet is generated or injected, which was most of a render's cost in
 * jsdom and made every computed-style lookup (role queries) walk thousands of
 * rules. Layout and colours are not what these tests check; the browser
 * suite (e2e) sees the real styles.
 */
const TestProviders = ({ client, children }: { client: QueryClient; children: ReactNode }) => {
  // Where antd puts the style sheets `zeroRuntime` still writes (the theme's CSS variables): an element
  // outside the document, so jsdom neither parses them nor walks them on every computed-style lookup (each
  // role query asks whether each element is hidden, up its ancestors). One per render, so sheets do not pile
  // up from test to test. Nothing here reads a variable.
  const [styleRoot] = useState(() => document.createElement('div'));
  return (
    <StyleProvider container={styleRoot}>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <AppProviders client={client}>
          {/* A screen rendered alone (renderPage) has no signed-in layout around it to give it antd's theme and App.useApp(). */}
          <AntdTheme>
            <AppFeedback>{children}</AppFeedback>
          </AntdTheme>
        </AppProviders>
      </ConfigProvider>
    </StyleProvider>
  );
};

/** Renders `tree` in the providers and a memory router at `path`; reports where the router ends up, and can go Back. */
const renderInRouter = (path: string, tree: ReactNode, client: QueryClient) => {
  const state: { location: Location | null; navigate: NavigateFunction | null } = { location: null, navigate: null };
  const LocationProbe = () => {
    state.location = useLocation();
    state.navigate = useNavigate();
    return null;
  };
  const utils = render(
    <TestProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        {tree}
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
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

/**
 * Renders `children` (or the whole app's routes, guards and layout) at `path`.
 * For tests about routing: guards, redirects, the layout. A test about one
 * screen renders that screen with `renderPage`.
 */
export const renderAt = (path: string, children: ReactNode = <AppRoutes />, client: QueryClient = testQueryClient()) => renderInRouter(path, children, client);

export interface PageOptions {
  /** The address the test starts at, e.g. "/settings/accountant/client/7/?tab=users". */
  path: string;
  /** The route pattern the page is mounted at, so it can read its parameters, e.g. routes.settings.accountantClient. */
  route?: string;
  /**
   * The signed-in user, put in the session cache as after sign-in (no profile call). Without it the page sits
   * behind the app's sign-in guard, which asks the (fake) API for the profile as the app does.
   */
  profile?: Profile;
  /** A screen for signed-out visitors (or a component that needs no session): mounted without the sign-in guard. */
  signedOut?: boolean;
  client?: QueryClient;
}

/**
 * Renders one screen (or component) the way the app mounts it, without the
 * rest of the application (no side bar, header, other routes or lazy chunks):
 * providers, a memory router at `path` with the page at `route` behind the
 * sign-in guard, a Suspense boundary for its lazy parts, and a query client
 * without retries. Links and redirects still change `location()`; the screen
 * they lead to is not rendered.
 */
export const renderPage = (page: ReactElement, { path, route = '*', profile, signedOut = false, client = pageQueryClient() }: PageOptions) => {
  if (profile) setSignedIn(client, profile);
  const mounted = <Route path={route} element={page} />;
  return renderInRouter(
    path,
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {signedOut ? mounted : <Route element={<RequireSignedIn />}>{mounted}</Route>}
        {route !== '*' && <Route path="*" element={null} />}
      </Routes>
    </Suspense>,
    client,
  );
};
