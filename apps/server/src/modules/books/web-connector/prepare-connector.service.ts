import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { saveConnection } from '../ledger-connections/ledger-connections.face.js';
import { ensureLogin } from './web-connector.queries.js';

/** A GUID in braces, as the .qwc file's OwnerID and FileID are written. */
const braceGuid = () => `{${randomUUID().toUpperCase()}}`;

/**
 * Readies a new QuickBooks Desktop company for its Web Connector, in the transaction that creates
 * it: the link to the ledger (its id is the .qwc's FileID; the first run pulls everything since
 * the sync date) and the login the .qwc file names. `sandbox`: made while the built-in sandboxes
 * are on, so the simulated Web Connector may run it.
 */
export const prepareWebConnector = async (db: Db, companyPk: number, sandbox: boolean) => {
  const login = await ensureLogin(db, {
    clientCompanyId: companyPk,
    userName: `herd-${companyPk}-${randomBytes(3).toString('hex')}`,
    ownerId: braceGuid(),
    fileId: braceGuid(),
  });
  await saveConnection(db, { clientCompanyId: companyPk, provider: 'QBD', externalCompanyId: login.fileId, sandbox });
};
