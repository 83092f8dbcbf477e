import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerConnections } from '../../db/schema/index.js';
import type { StorageDriver } from '../../storage/driver.js';
import type { LedgerAdapter } from '../ledger-adapter.js';
import { isFault } from './qbo-api.js';
import { applyTransactionPage } from './qbo-apply.js';
import { classifyQboError, qboAuthorizationUrl, qboCompanyInfo, qboDisconnect } from './qbo-connect.js';
import type { QboContext } from './qbo-context.js';
import { loadLookups } from './qbo-lookups.js';
import { publishToQbo } from './qbo-publish.js';
import { attachFiles } from './qbo-publish-attachments.js';
import { pullCompany } from './qbo-pull.js';
import { NeedsReauthError } from './qbo-session.js';
import type { TransactionEntity } from './qbo-transaction-map.js';

const setSync = (db: Db, companyPk: number, values: Partial<typeof ledgerConnections.$inferInsert>) =>
  db
    .update(ledgerConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ledgerConnections.clientCompanyId, companyPk));

/** QuickBooks Online behind Herd's LedgerAdapter. */
export const qboAdapter = (qbo: QboContext, storage: StorageDriver): LedgerAdapter => ({
  kind: 'QBO',
  displayName: 'QuickBooks',
  remote: true,

  async publish(db, company, items, record) {
    const api = await qbo.openApi(db, company.pk);
    const lookups = await loadLookups(db, company.pk);
    await publishToQbo({ db, api, lookups, storage }, items, record);
  },

  async attachFiles(db, company, row, files) {
    const api = await qbo.openApi(db, company.pk);
    // Herd keeps a QuickBooks row as `<entity>:<Id>` (a Purchase, a Bill…), as the pull wrote it.
    const entity = row.ledgerEntityType as TransactionEntity;
    return attachFiles({ db, api, storage }, row.pk, entity, row.externalId.slice(entity.length + 1), files);
  },

  async pull(db, company) {
    if (company.connectionState !== 'CONNECTED') return;
    const api = await qbo.openApi(db, company.pk);
    const [connection] = await db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, company.pk));
    await setSync(db, company.pk, { syncState: 'RUNNING' });
    try {
      await pullCompany(db, api, connection!);
    } catch (err) {
      // NeedsReauth has already said so on the company; anything else is retried by the job.
      if (!(err instanceof NeedsReauthError)) await setSync(db, company.pk, { syncState: 'FAILED', lastSyncError: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  },

  async createListEntry(db, company, entry) {
    const api = await qbo.openApi(db, company.pk);
    try {
      const created =
        entry.kind === 'CATEGORY'
          ? await api.create('Account', { Name: entry.name, AccountType: entry.accountType, ...(entry.accountSubtype ? { AccountSubType: entry.accountSubtype } : {}) })
          : await api.create(entry.kind === 'VENDOR' ? 'Vendor' : 'Customer', { DisplayName: entry.name });
      return { kind: 'created', externalId: created.Id, raw: created };
    } catch (err) {
      if (!isFault(err, 'validation')) throw err;
      // 6240: names are unique across vendors, customers and employees in QuickBooks.
      return { kind: 'refused', message: err.code === '6240' ? 'QuickBooks already has a vendor, customer or employee with this name.' : err.ledgerMessage };
    }
  },

  async resync(db, company, rows) {
    const api = await qbo.openApi(db, company.pk);
    const lookups = await loadLookups(db, company.pk);
    for (const row of rows) {
      const entity = row.ledgerEntityType as TransactionEntity;
      const id = row.externalId.slice(entity.length + 1);
      let fresh;
      try {
        fresh = await api.read(entity, id);
      } catch (err) {
        // Object Not Found: it was deleted in QuickBooks.
        if (isFault(err, 'validation') && err.code === '610') fresh = { Id: id, SyncToken: '', status: 'Deleted' };
        else throw err;
      }
      await applyTransactionPage(db, company.pk, entity, [fresh], lookups, { firmId: company.firmId });
    }
  },

  connect: ({ state, signup }) => qboAuthorizationUrl(qbo, state, signup),
  reauthorize: (_company, state) => qboAuthorizationUrl(qbo, state, false),
  disconnect: (db, company) => qboDisconnect(qbo, db, company),
  companyInfo: (grant) => qboCompanyInfo(qbo, grant),
  classifyError: classifyQboError,
});
