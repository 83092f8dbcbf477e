import type { StateCookie } from '../../../modules/books/ledger-connections/state-cookie.rule.js';
import { XERO_PATHS } from '../xero-settings.js';

/** The OAuth nonce cookie of Xero's grants, kept on Xero's API path where its callback lives. */
export const XERO_STATE_COOKIE: StateCookie = { name: 'herd_xero_oauth', prefix: XERO_PATHS.prefix };

/** Where the app's pages read what happened at Xero. */
export const XERO_RETURN = { connected: 'xero_connected', error: 'xero_error', mfa: 'mfa', grant: 'grant' } as const;

export const SELECT_CLIENT_PAGE = '/dashboard/accountant/xero/select-client/';
export const XERO_SIGN_IN_PAGE = '/auth/xero/';
export const DASHBOARD_PAGE = '/dashboard/';
