import { ConflictError } from '../../lib/errors.js';
import type { LedgerAdapter } from '../../modules/books/ledger/ledger-adapter.port.js';
import { classifyCommonLedgerError } from '../../modules/books/ledger/ledger-errors.port.js';
import { askQbxml } from './qbd-ask.js';
import { postCorrectionsToQbd } from './qbd-corrections.js';
import { QbdHostTooOldError } from './qbd-host.js';
import { createQbdListEntry } from './qbd-list-entries.js';
import { qbdLookups } from './qbd-lookups.js';
import { publishToQbd } from './qbd-publish.js';
import { pullQbd } from './qbd-pull.js';
import { txnByIdQuery } from './qbd-queries.js';
import { qbdGoneRecord, qbdRecordOf } from './qbd-records.js';
import { isQbdTxnKind, type QbdTxnKind } from './qbd-transaction-map.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { QbdRefusalError, requireSuccess } from './qbxml-status.js';
import { textOf } from './qbxml-xml.js';

export interface QbdContext {
  /** The exchange of the company's Web Connector run now under way; throws LedgerUnreachableError (modules/books/ledger/ledger-errors.port.ts) when none is. */
  exchangeFor(companyPk: number): QbxmlExchange;
}

/** TxnIDs asked for in one query of a re-read. */
const PER_REREAD = 100;

/** QuickBooks Desktop grants nothing over OAuth: the accountant adds Herd's .qwc file to the Web Connector instead. */
const noGrant = () =>
  new ConflictError('QuickBooks Desktop is connected through the QuickBooks Web Connector, not by signing in: add Herd’s .qwc file to the Web Connector.');

/** QuickBooks Desktop behind Herd's LedgerAdapter: a translator between qbXML, sent through the company's Web Connector run, and the port's records. */
export const qbdAdapter = (qbd: QbdContext): LedgerAdapter => ({
  kind: 'QBD',
  displayName: 'QuickBooks Desktop',
  remote: true,
  waitsForConnector: true,
  // A QuickBooks Desktop expense line has a class and a billable status, and no location.
  lineFields: ['class', 'billable'],

  async *pull(company, cursor, references, now) {
    yield* pullQbd(qbd.exchangeFor(company.pk), company, cursor, references, now);
  },

  /**
   * Reads the targets again, the TxnIDs of one kind in one query: a TxnID QuickBooks does not
   * answer for (1: none found; 500: some not found) is a transaction deleted in the company file.
   */
  async *reread(company, targets, references) {
    const exchange = qbd.exchangeFor(company.pk);
    const lookups = qbdLookups(references);
    const byKind = new Map<QbdTxnKind, string[]>();
    for (const target of targets) {
      if (!isQbdTxnKind(target.entityType)) continue;
      byKind.set(target.entityType, [...(byKind.get(target.entityType) ?? []), target.externalId]);
    }
    for (const [kind, ids] of byKind) {
      for (let i = 0; i < ids.length; i += PER_REREAD) {
        const chunk = ids.slice(i, i + PER_REREAD);
        const [answer] = await askQbxml(exchange, [txnByIdQuery(kind, chunk)], 'stopOnError');
        // 500 is a warning that some were not found: the others are in the answer.
        if (answer && answer.status.code !== 500) requireSuccess(answer.status);
        const found = new Map((answer?.rets ?? []).map((ret) => [textOf(ret, 'TxnID'), ret]));
        yield chunk.map((id) => {
          const ret = found.get(id);
          return ret ? qbdRecordOf(kind, ret, lookups) : qbdGoneRecord(id);
        });
      }
    }
  },

  async *publish(company, items, references) {
    yield* publishToQbd(qbd.exchangeFor(company.pk), items, references);
  },

  /**
   * Journal entries dated the first open day, one JournalEntryAdd each, inside the connector's run as
   * a publish is; each is looked up by its number first, as QuickBooks keys no Add (qbd-corrections.ts).
   */
  async *postCorrections(company, items) {
    yield* postCorrectionsToQbd(qbd.exchangeFor(company.pk), items);
  },

  // QuickBooks Desktop takes no attachments over qbXML: attachFiles and listFiles are left out.

  async createListEntry(company, entry) {
    return createQbdListEntry(qbd.exchangeFor(company.pk), entry);
  },

  connect() {
    throw noGrant();
  },
  reauthorize() {
    throw noGrant();
  },
  async revoke() {
    return { kind: 'nothing-to-revoke' };
  },
  async companyInfo() {
    throw noGrant();
  },

  /** The retry group (QbdBusyError), a lost run and an unreadable answer are all LedgerUnreachableErrors: tried again at the next run. */
  classifyError(err) {
    if (err instanceof QbdRefusalError || err instanceof QbdHostTooOldError) return 'refused';
    return classifyCommonLedgerError(err);
  },
});
