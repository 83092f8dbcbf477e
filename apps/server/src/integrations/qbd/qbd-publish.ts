import type { LedgerReferences, PublishItem, SettledItem } from '../../modules/books/ledger/ledger-records.port.js';
import { askQbxml, type QbxmlAnswer, type QbxmlAsk } from './qbd-ask.js';
import { qbdLookups, type QbdLookups } from './qbd-lookups.js';
import { buildQbdMod, QbdUnpublishableError } from './qbd-publish-map.js';
import { txnByIdQuery } from './qbd-queries.js';
import { isQbdTxnKind } from './qbd-transaction-map.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { EDIT_SEQUENCE_STALE, QbdBusyError, retriesLater, succeeded } from './qbxml-status.js';
import { plainOf, textOf, type QbxmlElement } from './qbxml-xml.js';

/** Transactions written per document: a document is answered in one go by QuickBooks on the accountant's machine. */
const PER_DOCUMENT = 50;

/** What one item's Mod came to: settled, or stale (QuickBooks' copy moved since it was read). */
type ModResult = { settled: SettledItem } | { stale: PublishItem; message: string } | { busy: QbdBusyError; item: PublishItem };

/** The current copies of these items, lines included: one document, one query per item. */
const currentCopies = async (exchange: QbxmlExchange, items: PublishItem[]): Promise<Map<number, QbxmlElement | QbxmlAnswer['status']>> => {
  const answers = await askQbxml(
    exchange,
    items.map((item) => txnByIdQuery(item.entityType, [item.externalId])),
    'continueOnError',
  );
  const copies = new Map<number, QbxmlElement | QbxmlAnswer['status']>();
  items.forEach((item, i) => {
    const answer = answers[i];
    const ret = answer?.rets.find((each) => textOf(each, 'TxnID') === item.externalId);
    if (ret) copies.set(item.key, ret);
    else if (answer && retriesLater(answer.status)) copies.set(item.key, answer.status);
  });
  return copies;
};

const rejected = (item: PublishItem, code: string, message: string): SettledItem => ({ item, outcome: { kind: 'rejected', code, message } });

/**
 * Writes one round of items: their copies read in one document, then their Mods sent in one
 * document with `continueOnError`, so each is answered on its own.
 */
const writeRound = async (exchange: QbxmlExchange, items: PublishItem[], lookups: QbdLookups): Promise<ModResult[]> => {
  const results: ModResult[] = [];
  const copies = await currentCopies(exchange, items);
  const sendable: { item: PublishItem; mod: QbxmlAsk }[] = [];
  for (const item of items) {
    const copy = copies.get(item.key);
    if (copy === undefined) {
      results.push({ settled: rejected(item, 'HERD', 'This transaction was deleted in QuickBooks Desktop since Herd last read it.') });
      continue;
    }
    if (!('name' in copy)) {
      results.push({ busy: new QbdBusyError(copy), item });
      continue;
    }
    try {
      if (!isQbdTxnKind(item.entityType)) throw new QbdUnpublishableError(`Herd does not write ${item.entityType} transactions to QuickBooks Desktop.`);
      sendable.push({ item, mod: buildQbdMod(item.entityType, copy, item.lines, lookups) });
    } catch (err) {
      if (!(err instanceof QbdUnpublishableError)) throw err;
      results.push({ settled: rejected(item, 'HERD', err.message) });
    }
  }
  if (sendable.length === 0) return results;
  const answers = await askQbxml(
    exchange,
    sendable.map((each) => each.mod),
    'continueOnError',
  );
  sendable.forEach(({ item }, i) => {
    const answer = answers[i];
    if (!answer) results.push({ settled: rejected(item, 'QBD', 'QuickBooks Desktop did not answer for this transaction.') });
    else if (succeeded(answer.status) && answer.rets[0]) {
      const ret = answer.rets[0];
      results.push({ settled: { item, outcome: { kind: 'published', ledgerVersion: textOf(ret, 'EditSequence') || null, raw: plainOf(ret) } } });
    } else if (answer.status.code === EDIT_SEQUENCE_STALE) results.push({ stale: item, message: answer.status.message });
    else if (retriesLater(answer.status)) results.push({ busy: new QbdBusyError(answer.status), item });
    else results.push({ settled: rejected(item, String(answer.status.code), answer.status.message) });
  });
  return results;
};

/**
 * Writes answers back, up to 50 transactions a round: one document of queries for their current
 * EditSequence and lines, then one document of Mods built on those copies. A transaction someone
 * changed in QuickBooks between the two (3200, stale EditSequence) is read and sent once more; if
 * it is still stale, it is rejected with QuickBooks' words. What a round settled is handed back
 * before the next is sent. A transaction QuickBooks could not touch now (a list or record in use at
 * the office) settles nothing: the round's results are handed back, then the busy error is thrown,
 * so the module leaves the rest for the next Web Connector run.
 */
export async function* publishToQbd(exchange: QbxmlExchange, items: PublishItem[], references: LedgerReferences): AsyncGenerator<SettledItem[]> {
  const lookups = qbdLookups(references);
  for (let i = 0; i < items.length; i += PER_DOCUMENT) {
    const chunk = items.slice(i, i + PER_DOCUMENT);
    const settled: SettledItem[] = [];
    const writable: PublishItem[] = [];
    for (const item of chunk) {
      if (isQbdTxnKind(item.entityType)) writable.push(item);
      else settled.push(rejected(item, 'HERD', `Herd does not write ${item.entityType} transactions to QuickBooks Desktop.`));
    }
    let busy: QbdBusyError | null = null;
    const first = writable.length > 0 ? await writeRound(exchange, writable, lookups) : [];
    const stale = first.flatMap((result) => ('stale' in result ? [result.stale] : []));
    const second = stale.length > 0 ? await writeRound(exchange, stale, lookups) : [];
    for (const result of first) {
      if ('settled' in result) settled.push(result.settled);
      if ('busy' in result) busy ??= result.busy;
    }
    for (const result of second) {
      if ('settled' in result) settled.push(result.settled);
      else if ('stale' in result) settled.push(rejected(result.stale, String(EDIT_SEQUENCE_STALE), result.message));
      else busy ??= result.busy;
    }
    yield settled;
    if (busy) throw busy;
  }
}
