import { askOne, type QbxmlAsk } from './qbd-ask.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { requireSuccess, succeeded } from './qbxml-status.js';
import type { QbxmlElement } from './qbxml-xml.js';

/** One page of an iterator's answer; `last` once QuickBooks says nothing remains. */
export interface QbdPage {
  rets: QbxmlElement[];
  last: boolean;
}

/**
 * Reads a query through an iterator (INTEGRATIONS.md §3.5): `Start`, then `Continue` with the
 * iterator's id until `iteratorRemainingCount` is 0. An iterator lives only as long as the
 * QuickBooks session of one Web Connector run, so nothing of it is worth saving between runs.
 */
export async function* iterateQuery(exchange: QbxmlExchange, request: (iterator: { id: string } | 'Start') => QbxmlAsk): AsyncGenerator<QbdPage> {
  let iterator: { id: string } | 'Start' = 'Start';
  for (;;) {
    const { status, rets } = await askOne(exchange, request(iterator));
    // An iterator QuickBooks no longer knows (its session ended: QuickBooks was closed or restarted
    // mid-run) is nothing wrong with the data: the next run starts the list again from Start.
    if (iterator !== 'Start' && !succeeded(status)) throw new LedgerUnreachableError(`QuickBooks Desktop lost its place in the list (${status.code}): ${status.message}`);
    requireSuccess(status);
    const last = !status.iteratorId || status.iteratorRemaining === null || status.iteratorRemaining <= 0;
    yield { rets, last };
    if (last) return;
    iterator = { id: status.iteratorId! };
  }
}

/** A query QuickBooks answers whole (a list without an iterator): one page, the last. */
export async function* readWhole(exchange: QbxmlExchange, request: QbxmlAsk): AsyncGenerator<QbdPage> {
  const { status, rets } = await askOne(exchange, request);
  requireSuccess(status);
  yield { rets, last: true };
}
