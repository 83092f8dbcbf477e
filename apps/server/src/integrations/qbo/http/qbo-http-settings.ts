import type { StateCookie } from '../../../modules/books/ledger-connections/state-cookie.rule.js';
import { QBO_PATHS } from '../qbo-settings.js';

/** The OAuth nonce cookie of QuickBooks' grants, kept on QuickBooks' API path where its callbacks live. */
export const QBO_STATE_COOKIE: StateCookie = { name: 'herd_qbo_oauth', prefix: QBO_PATHS.prefix };
