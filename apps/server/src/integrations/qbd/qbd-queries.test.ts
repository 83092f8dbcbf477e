import { judgeQbxml } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import type { QbxmlAsk } from './qbd-ask.js';
import { listIterates, listQuery, txnByIdQuery, txnQuery, wholeListQuery } from './qbd-queries.js';
import { QBD_REF_LIST_NAMES } from './qbd-refs.js';
import { QBD_TXN_KIND_NAMES } from './qbd-transaction-map.js';
import { qbxmlDocument } from './qbxml-xml.js';

/** What QuickBooks says of a document holding these requests: nothing, when it is qbXML 13.0. */
const problemsOf = (asks: QbxmlAsk[]) =>
  judgeQbxml(
    qbxmlDocument(
      asks.map((ask, i) => ({ name: ask.name, fields: ask.fields, attrs: { requestID: String(i + 1), ...(ask.attrs ?? {}) } })),
      'stopOnError',
    ),
    'request',
  ).problems;

const since = new Date('2026-11-01T10:00:00.123Z');

/**
 * Every query a pull and a re-read build, held to Intuit's qbXML 13.0 schema: QuickBooks refuses a
 * document outside it whole, so one bad list query stops a pull before the transactions.
 */
describe('the queries Herd sends QuickBooks Desktop', () => {
  it('asks every list in qbXML 13.0: an iterator only where the list’s query takes one', () => {
    const asks = QBD_REF_LIST_NAMES.flatMap((list) =>
      listIterates(list)
        ? [listQuery(list, {}, 'Start'), listQuery(list, { fromModified: since }, 'Start'), listQuery(list, {}, { id: '{0b8e5e2c-6b0a-4d1e-9a55-3f1c2d4e5f60}' })]
        : [wholeListQuery(list, {}), wholeListQuery(list, { fromModified: since })],
    );
    expect(problemsOf(asks)).toEqual([]);
    // Accounts, classes, sales tax codes and payment methods take no iterator in qbXML 13.0.
    expect(QBD_REF_LIST_NAMES.filter((list) => !listIterates(list))).toEqual(['Account', 'Class', 'SalesTaxCode', 'PaymentMethod']);
  });

  it('asks every kind of transaction in qbXML 13.0: by date, by change, page by page, and by TxnID', () => {
    const asks = QBD_TXN_KIND_NAMES.flatMap((kind) => [
      txnQuery(kind, { fromTxnDate: '2026-01-01' }, 'Start'),
      txnQuery(kind, { fromTxnDate: '2026-01-01', fromModified: since }, 'Start'),
      txnQuery(kind, { fromTxnDate: '2026-01-01' }, { id: '{0b8e5e2c-6b0a-4d1e-9a55-3f1c2d4e5f60}' }),
      txnByIdQuery(kind, ['1A-1', '1B-2']),
    ]);
    expect(problemsOf(asks)).toEqual([]);
  });
});
