import type { Db } from '../../../db/client.js';
import { SharedRateWindow } from '../../../lib/shared-rate-window.js';
import type { AdapterServices } from '../ledger/ledger.face.js';
import { connectionCredentials } from './credential-store.queries.js';

/**
 * What the app hands every ledger adapter: the credential store over `ledger_connections`, and rate
 * windows counted in the database, so every worker and API process together keeps to a ledger's
 * limits as one process alone would.
 */
export const ledgerServices = (db: Db): AdapterServices => ({
  credentials: connectionCredentials(db),
  rateWindow: (service, limit, windowMs) => new SharedRateWindow(db, service, { limit, windowMs }),
});
