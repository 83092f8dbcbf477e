import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountType, FeatureFlag } from '@herd/contract';
import { sessionKeys, useProfile, useSession } from '../features/auth/api';
import { authParams, authPathWithNext, routes, safeNextPath } from '../lib/routes';
import { lazyPage } from '../lib/lazy-page';
import { LoadingScreen } from '../ui/loading-screen';
import { OfflineScreen } from '../ui/offline-screen';

// Only a signed-in user on a screen their firm lacks sees it: not part of the sign-in page's download.
const NotFoundResult = lazyPage(() => import('../ui/not-found-result').then((m) => m.NotFoundResult));

/** Dashboard, analytics and settings: signed-out visitors go to sign in, and come back after. */
export const RequireSignedIn = () => {
  const session = useSession();
  const location = useLocation();
  const client = useQueryClient();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'offline') return <OfflineScreen onRetry={session.retry} />;
  if (session.status === 'signed-out') {
    // Someone who just signed out did not ask to come back here.
    const onPurpose = client.getQueryData<boolean>(sessionKeys.signedOutOnPurpose()) === true;
    const next = onPurpose ? null : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPathWithNext(next)} replace />;
  }
  return <Outlet />;
};

/**
 * Sign-in and free-trial pages: a signed-in user goes on to where they were
 * headed. An emailed sign-in or sign-up link is still opened: it may be
 * someone else's (it then signs its owner in), and the server says when it is
 * this user's own.
 */
export const RequireSignedOut = () => {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'offline') return <OfflineScreen onRetry={session.retry} />;
  if (session.status === 'signed-in' && !params.get(authParams.magic) && !params.get(authParams.signup)) {
    return <Navigate to={safeNextPath(params.get(authParams.next)) ?? routes.dashboard} replace />;
  }
  return <Outlet />;
};

export const RootRedirect = () => {
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'offline') return <OfflineScreen onRetry={session.retry} />;
  return <Navigate to={session.status === 'signed-in' ? routes.dashboard : routes.auth} replace />;
};

const DASHBOARD_BY_TYPE: Record<AccountType, string> = {
  ACCOUNTANT: routes.accountant.dashboard,
  ACCOUNTANT_COWORKER: routes.accountant.dashboard,
  CLIENT: routes.client.dashboard,
  CLIENT_COWORKER: routes.client.dashboard,
};

const SETTINGS_BY_TYPE: Record<AccountType, string> = {
  ACCOUNTANT: routes.settings.accountant,
  ACCOUNTANT_COWORKER: routes.settings.accountantCoworker,
  CLIENT: routes.settings.client,
  CLIENT_COWORKER: routes.settings.clientCoworker,
};

export const dashboardPathFor = (type: AccountType): string => DASHBOARD_BY_TYPE[type];
export const settingsPathFor = (type: AccountType): string => SETTINGS_BY_TYPE[type];

export const DashboardRedirect = () => <Navigate to={dashboardPathFor(useProfile().account_type)} replace />;
/** Keeps the query (`/settings/?tab=team`), so a link need not know which settings section is the user's. */
export const SettingsRedirect = () => {
  const { search } = useLocation();
  return <Navigate to={`${settingsPathFor(useProfile().account_type)}${search}`} replace />;
};

export const ACCOUNTANT_TYPES: readonly AccountType[] = ['ACCOUNTANT', 'ACCOUNTANT_COWORKER'];
export const CLIENT_TYPES: readonly AccountType[] = ['CLIENT', 'CLIENT_COWORKER'];

/**
 * Screens of one side (or one account type). The server enforces the same
 * rules; this only keeps people off screens whose calls would all fail.
 */
export const RequireAccountType = ({ types }: { types: readonly AccountType[] }) => {
  const profile = useProfile();
  if (!types.includes(profile.account_type)) return <Navigate to={routes.forbidden} replace />;
  return <Outlet />;
};

/** A flagged screen (analytics) does not exist for firms without the flag. */
export const RequireFeature = ({ flag, children }: { flag: FeatureFlag; children?: ReactNode }) => {
  const profile = useProfile();
  if (!profile.feature_flags.includes(flag)) return <NotFoundResult />;
  return children ?? <Outlet />;
};

/** `/free-trial/` (where the server sends a failed Intuit sign-up): the free-trial page, with its query kept. */
export const FreeTrialAlias = () => {
  const location = useLocation();
  return <Navigate to={`${routes.freeTrial}${location.search}`} replace />;
};
