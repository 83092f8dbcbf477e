import type { TransactionStatus } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { qboLookups } from './qbo/qbo-lookups.js';
import { ledgerRecordOf } from './qbo/qbo-records.js';
import { genericRecordOf } from '../modules/books/generic/generic-records.rule.js';
import { qbdLookups } from './qbd/qbd-lookups.js';
import { qbdGoneRecord, qbdRecordOf } from './qbd/qbd-records.js';
import { parseQbxmlResponse } from './qbd/qbxml-xml.js';
import { decideInbound, type InboundDecision } from '../modules/books/ledger/inbound-policy.rule.js';
import type { LedgerRecord } from '../modules/books/ledger/ledger-records.port.js';

/** What happened to the row in the ledger since Herd last read it. */
type Change = 'new' | 'same' | 'edited' | 'amount' | 'categorized' | 'deleted' | 'older';

/**
 * Each ledger's translator makes the record from the ledger's own row, so the table checks what
 * each ledger says as well as what the policy decides. A ledger that cannot express a change (the
 * generic API keeps no versions and never sends a categorized row) leaves that case out.
 */
interface LedgerKind {
  name: string;
  versioned: boolean;
  /** A deletion comes without a version: the ledger no longer answers for the row at all (QuickBooks Desktop). */
  deletionUnversioned?: true;
  record(change: Change): LedgerRecord | null;
}

const WATCHED = 'W';
const CATEGORY = 'C';
const chart = {
  accounts: [
    { externalId: WATCHED, accountType: 'Expense', watched: true, category: false, raw: {} },
    { externalId: CATEGORY, accountType: 'Expense', watched: false, category: true, raw: {} },
  ],
  refs: [],
};
const references = qboLookups(chart);
/** Herd holds version 5 of the QuickBooks row. */
const qboRow = (change: Change) => ({
  Id: '42',
  SyncToken: change === 'older' ? '4' : change === 'same' ? '5' : '6',
  TxnDate: '2026-11-02',
  PaymentType: 'Cash',
  PrivateNote: change === 'edited' ? 'Lunch with a client' : 'Lunch',
  ...(change === 'deleted' ? { status: 'Deleted' } : {}),
  Line: [
    {
      Amount: change === 'amount' ? 60 : 42.5,
      DetailType: 'AccountBasedExpenseLineDetail',
      AccountBasedExpenseLineDetail: { AccountRef: { value: change === 'categorized' ? CATEGORY : WATCHED } },
    },
  ],
});

/** The same row as QuickBooks Desktop answers it: a CheckRet, its EditSequence the version. */
const qbdRow = (change: Change) => {
  const [rs] = parseQbxmlResponse(
    `<?xml version="1.0"?><QBXML><QBXMLMsgsRs><CheckQueryRs requestID="1" statusCode="0" statusSeverity="Info" statusMessage="Status OK"><CheckRet>` +
      `<TxnID>42-1</TxnID><EditSequence>${change === 'older' ? '4' : change === 'same' ? '5' : '6'}</EditSequence><TxnDate>2026-11-02</TxnDate>` +
      `<AccountRef><ListID>BANK</ListID><FullName>Checking</FullName></AccountRef><Amount>${change === 'amount' ? '60.00' : '42.50'}</Amount>` +
      `<Memo>${change === 'edited' ? 'Lunch with a client' : 'Lunch'}</Memo>` +
      `<ExpenseLineRet><TxnLineID>L1</TxnLineID><AccountRef><ListID>${change === 'categorized' ? CATEGORY : WATCHED}</ListID><FullName>A</FullName></AccountRef>` +
      `<Amount>${change === 'amount' ? '60.00' : '42.50'}</Amount></ExpenseLineRet></CheckRet></CheckQueryRs></QBXMLMsgsRs></QBXML>`,
  );
  return rs!.children[0]!;
};

const KINDS: LedgerKind[] = [
  {
    name: 'QuickBooks Desktop',
    versioned: true,
    deletionUnversioned: true,
    // A transaction deleted in the company file no longer answers a query: it comes back gone.
    record: (change) => (change === 'deleted' ? qbdGoneRecord('42-1') : qbdRecordOf('Check', qbdRow(change), qbdLookups(chart))),
  },
  { name: 'QuickBooks Online', versioned: true, record: (change) => ledgerRecordOf('Purchase', qboRow(change), references) },
  {
    name: 'generic ledger',
    versioned: false,
    record: (change) =>
      change === 'categorized' || change === 'older'
        ? null
        : genericRecordOf({
            external_id: 'T-42',
            type: 'EXPENSE',
            subtype: 'PURCHASE',
            date: '2026-11-02',
            amount: change === 'amount' ? '60.00' : '42.50',
            currency: 'USD',
            description: change === 'edited' ? 'Lunch with a client' : 'Lunch',
            payee: '',
            deleted: change === 'deleted',
          }),
  },
];

const HELD_CENTS = 4250;
const CREATE: InboundDecision = { kind: 'create' };
const IGNORE: InboundDecision = { kind: 'ignore' };
const TAKE_ALL: InboundDecision = { kind: 'refresh', take: 'everything', lines: false, reopen: false };
const TAKE_ALL_AND_LINES: InboundDecision = { kind: 'refresh', take: 'everything', lines: true, reopen: false };
const KEEP_ANSWER: InboundDecision = { kind: 'refresh', take: 'copy', lines: false, reopen: false };
const REOPEN: InboundDecision = { kind: 'refresh', take: 'everything', lines: true, reopen: true };

/** [Herd's status (null: never held), the change, what a versioned ledger's row does, what a versionless one's does]. */
const CASES: [TransactionStatus | null, Change, InboundDecision, InboundDecision][] = [
  [null, 'new', CREATE, CREATE],
  [null, 'categorized', { kind: 'history' }, IGNORE],
  [null, 'deleted', IGNORE, IGNORE],
  ['READY', 'same', IGNORE, IGNORE],
  ['READY', 'edited', TAKE_ALL, TAKE_ALL],
  ['READY', 'amount', TAKE_ALL_AND_LINES, TAKE_ALL_AND_LINES],
  ['READY', 'older', IGNORE, IGNORE],
  ['READY', 'deleted', { kind: 'cancel' }, { kind: 'cancel' }],
  ['READY', 'categorized', { kind: 'match' }, IGNORE],
  // The client's answer stands while unpublished; a versionless ledger cannot even say its edit is newer.
  ['FINISHED_IN_HERD', 'edited', KEEP_ANSWER, IGNORE],
  ['FINISHED_IN_HERD', 'amount', REOPEN, IGNORE],
  ['FINISHED_IN_HERD', 'categorized', { kind: 'match' }, IGNORE],
  ['FINISHED_IN_HERD', 'deleted', { kind: 'cancel' }, { kind: 'cancel' }],
  // A sync error waits for the accountant (the transition table has no way from it to MATCHED): publishing again finds the match.
  ['SYNC_ERROR', 'categorized', IGNORE, IGNORE],
  ['SYNC_ERROR', 'edited', KEEP_ANSWER, IGNORE],
  // A publish in flight owns the row: its job records what the ledger answered.
  ['PROCESSING', 'edited', IGNORE, IGNORE],
  ['PROCESSING', 'categorized', IGNORE, IGNORE],
  // Published: back on a watched account in the ledger is a question again; a deletion cannot undo a publish.
  ['PUBLISHED_IN_PLATFORM', 'edited', REOPEN, IGNORE],
  ['PUBLISHED_IN_PLATFORM', 'categorized', KEEP_ANSWER, IGNORE],
  ['PUBLISHED_IN_PLATFORM', 'deleted', IGNORE, IGNORE],
  ['MATCHED_TO_PLATFORM', 'edited', REOPEN, IGNORE],
  ['CANCELLED', 'edited', REOPEN, IGNORE],
  ['CANCELLED', 'deleted', IGNORE, IGNORE],
];

describe.each(KINDS)('the inbound policy for the $name', (kind) => {
  const held = (status: TransactionStatus, record: LedgerRecord, change: Change) => ({
    status,
    amountCents: HELD_CENTS,
    ledgerVersion: kind.versioned ? '5' : null,
    // What the module compares: the header the record brings against the row's.
    valuesDiffer: record.transaction !== null && change !== 'same',
  });

  it.each(CASES)('held %s, %s in the ledger', (status, change, versioned, versionless) => {
    const record = kind.record(change);
    if (!record) return; // This ledger cannot say it.
    expect(record.version === null).toBe(!kind.versioned || (change === 'deleted' && kind.deletionUnversioned === true));
    expect(decideInbound(status && held(status, record, change), record)).toEqual(kind.versioned ? versioned : versionless);
  });

  it('never asks again about a row whose answer was posted as a correction: the ledger keeps it on the watched account by design', () => {
    for (const change of ['edited', 'amount', 'same', 'older'] as const) {
      const record = kind.record(change);
      if (!record) continue;
      const corrected = { ...held('PUBLISHED_IN_PLATFORM', record, change), corrected: true };
      const expected = kind.versioned && (change === 'edited' || change === 'amount') ? KEEP_ANSWER : IGNORE;
      expect(decideInbound(corrected, record), change).toEqual(expected);
    }
    const deleted = kind.record('deleted')!;
    expect(decideInbound({ ...held('PUBLISHED_IN_PLATFORM', deleted, 'deleted'), corrected: true }, deleted)).toEqual(IGNORE);
  });

  it('leaves every row Herd holds as it is in a pull of only what is missing', () => {
    const record = kind.record('edited')!;
    expect(decideInbound(held('READY', record, 'edited'), record, { onlyNew: true })).toEqual(IGNORE);
    expect(decideInbound(null, kind.record('new')!, { onlyNew: true })).toEqual(CREATE);
  });
});
