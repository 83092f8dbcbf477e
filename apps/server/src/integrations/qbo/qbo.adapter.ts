import { QBO_ACCOUNT_TYPES } from '@herd/contract';
import type { LedgerAdapter } from '../../modules/books/ledger/ledger-adapter.port.js';
import { isFault } from './qbo-api.js';
import { classifyQboError, qboAuthorizationUrl, qboCompanyInfo, qboRevoke } from './qbo-connect.js';
import type { QboContext } from './qbo-context.js';
import { postCorrectionsToQbo } from './qbo-corrections.js';
import { qboLookups } from './qbo-lookups.js';
import { publishToQbo } from './qbo-publish.js';
import { attachFiles } from './qbo-publish-attachments.js';
import { pullQbo } from './qbo-pull.js';
import { ledgerRecordOf, qboIdOf } from './qbo-records.js';
import type { TransactionEntity } from './qbo-transaction-map.js';

/** QuickBooks Online behind Herd's LedgerAdapter: a translator between its API and the port's records. */
export const qboAdapter = (qbo: QboContext): LedgerAdapter => ({
  kind: 'QBO',
  displayName: 'QuickBooks',
  remote: true,

  async *pull(company, cursor, references, now) {
    yield* pullQbo(await qbo.openApi(company.pk), company, cursor, references, now);
  },

  async *reread(company, targets, references) {
    const api = await qbo.openApi(company.pk);
    const lookups = qboLookups(references);
    for (const target of targets) {
      const entity = target.entityType as TransactionEntity;
      const id = qboIdOf(entity, target.externalId);
      let fresh;
      try {
        fresh = await api.read(entity, id);
      } catch (err) {
        // Object Not Found: it was deleted in QuickBooks.
        if (isFault(err, 'validation') && err.code === '610') fresh = { Id: id, SyncToken: '', status: 'Deleted' };
        else throw err;
      }
      yield [ledgerRecordOf(entity, fresh, lookups)];
    }
  },

  async *publish(company, items, references) {
    yield* publishToQbo(await qbo.openApi(company.pk), items, references);
  },

  // The items carry every account and list entry by QuickBooks' id already: the references are not needed.
  async *postCorrections(company, items) {
    yield* postCorrectionsToQbo(await qbo.openApi(company.pk), items);
  },

  async attachFiles(company, target, files) {
    const entity = target.entityType as TransactionEntity;
    return attachFiles(await qbo.openApi(company.pk), entity, qboIdOf(entity, target.externalId), files);
  },

  async createListEntry(company, entry) {
    // QuickBooks reads AccountType as an enumeration (Finance.xsd, AccountTypeEnum) and refuses any other spelling
    // with a bare "invalid or unsupported property"; Herd's list holds its spellings, so say which instead.
    if (entry.kind === 'CATEGORY' && !Object.hasOwn(QBO_ACCOUNT_TYPES, entry.accountType)) {
      return { kind: 'refused', message: `QuickBooks has no account type "${entry.accountType}": choose one of ${Object.keys(QBO_ACCOUNT_TYPES).join(', ')}.` };
    }
    const api = await qbo.openApi(company.pk);
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

  connect: ({ state, signup }) => qboAuthorizationUrl(qbo, state, signup),
  reauthorize: (_company, state) => qboAuthorizationUrl(qbo, state, false),
  revoke: (company) => qboRevoke(qbo, company),
  companyInfo: (grant) => qboCompanyInfo(qbo, grant),
  classifyError: classifyQboError,
});
