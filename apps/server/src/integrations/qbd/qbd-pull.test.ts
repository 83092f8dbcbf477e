import type { QbdTxn } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import type { PullPage } from '../../modules/books/ledger/ledger-adapter.port.js';
import type { LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { COMPANY, freshCursor, pullPages, qbdTestCompany, recordsOf, referencesOf } from './qbd-test-company.js';
import { isUncategorizedBucket } from './qbd-refs.js';

const WATCHED = new Set(['Uncategorized Expenses', 'Ask My Accountant', 'Uncategorized Income']);

/** The simulator's own lines of a transaction that sit on a watched account, in order. */
const watchedLinesOf = (txn: QbdTxn) =>
  [...txn.expenseLines, ...txn.depositLines, ...txn.journalLines].filter((line) => WATCHED.has(line.account.fullName)).map((line) => line.amountCents);

const byId = (records: LedgerRecord[]) => new Map(records.map((r) => [r.externalId, r]));

describe('QuickBooks Desktop pull', () => {
  it('reads the chart and lists first, the uncategorized buckets known by their SpecialAccountType', async () => {
    const { adapter, sim } = qbdTestCompany();
    const pages = await pullPages(adapter, freshCursor());
    const firstTransactions = pages.findIndex((p) => p.kind === 'transactions');
    // The closing date first (read with QuickBooks' own questions), then the chart and lists.
    expect(pages[0]).toEqual({ kind: 'lock', closedThrough: null });
    expect(pages.slice(1, firstTransactions).every((p) => p.kind === 'references')).toBe(true);
    const accounts = pages.flatMap((p) => (p.kind === 'references' ? p.accounts : []));
    expect(accounts).toHaveLength(sim.listEntries('Account').length);
    expect(accounts.filter(isUncategorizedBucket).map((a) => [a.name, a.accountSubtype])).toEqual([
      ['Uncategorized Expenses', 'UncategorizedExpenses'],
      ['Uncategorized Income', 'UncategorizedIncome'],
    ]);
    // Ask My Accountant has no special type: it is not a bucket QuickBooks made.
    expect(accounts.find((a) => a.name === 'Ask My Accountant')?.accountSubtype).toBeNull();
    expect(accounts.filter((a) => a.isPaymentAccount).map((a) => a.name)).toEqual(['Checking', 'Visa Card']);
    const refs = pages.flatMap((p) => (p.kind === 'references' ? p.refs : []));
    const counts = Object.fromEntries(['VENDOR', 'CUSTOMER', 'CLASS', 'ITEM', 'TAX', 'PAYMENT_METHOD'].map((k) => [k, refs.filter((r) => r.kind === k).length]));
    expect(counts).toEqual({
      VENDOR: sim.listEntries('Vendor').length,
      CUSTOMER: sim.listEntries('Customer').length,
      CLASS: sim.listEntries('Class').length,
      ITEM: sim.listEntries('Item').length,
      TAX: sim.listEntries('SalesTaxCode').length,
      PAYMENT_METHOD: sim.listEntries('PaymentMethod').length,
    });
    expect(refs.find((r) => r.name === 'City Power & Light')?.kind).toBe('VENDOR');
  });

  it('reads the closing date with QuickBooks’ own questions, in the same document, and hands it over first', async () => {
    const { adapter, sim, sent } = qbdTestCompany();
    sim.company.closingDate = '2026-03-31';
    const pages = await pullPages(adapter, freshCursor());
    expect(pages[0]).toEqual({ kind: 'lock', closedThrough: '2026-03-31' });
    expect(sent[0]).toMatch(/<HostQueryRq requestID="1"\/?>(<\/HostQueryRq>)?<CompanyQueryRq requestID="2"\/?>(<\/CompanyQueryRq>)?<PreferencesQueryRq requestID="3"/);
    sim.company.closingDate = null;
    expect((await pullPages(adapter, freshCursor()))[0]).toEqual({ kind: 'lock', closedThrough: null });
  });

  it('knows a sub-account’s parent by its ListID (the review checks flag lines coded to the parent)', async () => {
    const { adapter, sim } = qbdTestCompany();
    const utilities = sim.listEntries('Account').find((a) => a.name === 'Utilities')!;
    const electric = sim.company.addList({
      kind: 'Account',
      name: 'Electric',
      accountType: 'Expense',
      parent: { listId: utilities.listId, fullName: utilities.fullName },
    });
    const accounts = (await pullPages(adapter, freshCursor())).flatMap((p) => (p.kind === 'references' ? p.accounts : []));
    expect(accounts.find((a) => a.externalId === electric.listId)).toMatchObject({ name: 'Utilities:Electric', parentExternalId: utilities.listId });
    expect(accounts.find((a) => a.externalId === utilities.listId)?.parentExternalId).toBeNull();
  });

  it('lands every kind with its type, subtype, amounts in cents and watched lines', async () => {
    const { adapter, sim } = qbdTestCompany({ transactions: 120, watchedShare: 0.5 });
    const income = sim.listEntries('Account').find((a) => a.name === 'Uncategorized Income')!;
    const bank = sim.listEntries('Account').find((a) => a.name === 'Checking')!;
    // A journal crediting a watched account: money received.
    const credit = sim.company.addTxn({
      kind: 'JournalEntry',
      txnDate: '2026-01-05',
      refNumber: 'JE-IN',
      expenseLines: [],
      itemLines: [],
      depositLines: [],
      journalLines: [
        { txnLineId: '', side: 'Debit', account: { listId: bank.listId, fullName: bank.fullName }, amountCents: 12_345 },
        { txnLineId: '', side: 'Credit', account: { listId: income.listId, fullName: income.fullName }, amountCents: 12_345, memo: 'Unknown receipt' },
      ],
    });
    const records = byId(recordsOf(await pullPages(adapter, freshCursor())));
    expect(records.size).toBe(sim.transactions().length);

    const subtypes = new Set<string>();
    for (const txn of sim.transactions()) {
      const record = records.get(txn.txnId)!;
      expect(record.version).toBe(txn.editSequence);
      const watched = watchedLinesOf(txn);
      if (watched.length === 0) {
        expect(record.categorizedInLedger).toBe(true);
        continue;
      }
      const t = record.transaction!;
      expect(t.entityType).toBe(txn.kind);
      expect(t.lines.map((l) => l.amountCents)).toEqual(watched);
      expect(t.amountCents).toBe(watched.reduce((a, b) => a + b, 0));
      expect(t.date).toBe(txn.txnDate);
      subtypes.add(`${t.type}/${t.subtype}`);
      if (txn.kind !== 'JournalEntry') expect(t.paymentAccountExternalId).toBe(txn.account?.listId);
    }
    expect([...subtypes].sort()).toEqual([
      'BILL/BILL',
      'BILL/VENDOR_CREDIT',
      'DEPOSIT/DEPOSIT',
      'DEPOSIT/JOURNAL_ENTRY',
      'EXPENSE/CREDIT_CARD_CHARGE',
      'EXPENSE/CREDIT_CARD_CREDIT',
      'EXPENSE/JOURNAL_ENTRY',
      'EXPENSE/PURCHASE',
    ]);
    const journal = records.get(credit.txnId)!.transaction!;
    expect(journal).toMatchObject({ type: 'DEPOSIT', subtype: 'JOURNAL_ENTRY', amountCents: 12_345, paymentAccountExternalId: bank.listId });
    expect(journal.lines[0]?.description).toBe('Unknown receipt');
    // A transaction categorized in QuickBooks teaches its lines' categories, with its payee.
    const categorized = sim.transactions('Check').find((t) => watchedLinesOf(t).length === 0)!;
    expect(records.get(categorized.txnId)!.history.map((h) => [h.categoryExternalId, h.vendorExternalId, h.classExternalId, h.deposit, h.amountCents])).toEqual(
      categorized.expenseLines.map((l) => [l.account.listId, categorized.payee?.listId, l.class?.listId ?? null, false, l.amountCents]),
    );
    // Sales receipts post through items: categorized in QuickBooks, with nothing to ask.
    const receipt = sim.transactions('SalesReceipt')[0]!;
    expect(records.get(receipt.txnId)).toMatchObject({ categorizedInLedger: true, transaction: null });
  });

  it('keeps a line’s class, customer and billable status', async () => {
    const { adapter, sim } = qbdTestCompany();
    const check = sim.transactions('Check').find((t) => watchedLinesOf(t).length > 0)!;
    const customer = sim.listEntries('Customer')[1]!;
    const klass = sim.listEntries('Class')[2]!;
    sim.editTransaction(check.txnId, (txn) => {
      const line = txn.expenseLines.find((l) => WATCHED.has(l.account.fullName))!;
      Object.assign(line, {
        customer: { listId: customer.listId, fullName: customer.fullName },
        class: { listId: klass.listId, fullName: klass.fullName },
        billableStatus: 'Billable',
      });
    });
    const record = byId(recordsOf(await pullPages(adapter, freshCursor()))).get(check.txnId)!;
    expect(record.transaction?.lines[0]).toMatchObject({ customerExternalId: customer.listId, classExternalId: klass.listId, billable: 'BILLABLE' });
  });

  it('pages a kind through an iterator when it holds more than 500', async () => {
    const { adapter, sim, sent } = qbdTestCompany({ transactions: 2_400, watchedShare: 0.1 });
    const checks = sim.transactions('Check').length;
    expect(checks).toBeGreaterThan(500);
    const pages = await pullPages(adapter, freshCursor());
    const checkPages = pages.filter((p) => p.kind === 'transactions' && p.records.some((r) => sim.company.getTxn(r.externalId)?.kind === 'Check'));
    expect(checkPages.length).toBe(Math.ceil(checks / 500));
    expect(sent.filter((doc) => doc.includes('<CheckQueryRq') && doc.includes('iterator="Continue"'))).toHaveLength(checkPages.length - 1);
    expect(new Set(recordsOf(pages).map((r) => r.externalId)).size).toBe(sim.transactions().length);
  });

  it('resumes an interrupted pull at the kind it had reached, its iterator started again, losing nothing', async () => {
    const { adapter, sim } = qbdTestCompany({ transactions: 2_400, watchedShare: 0.1 });
    const whole = await pullPages(adapter, freshCursor());
    // Stop on the first page of checks (a later page of theirs still to come), then the Web Connector session ends.
    const firstCheckPage = whole.findIndex((p) => p.kind === 'transactions');
    const cut = await pullPages(adapter, freshCursor(), { limit: firstCheckPage + 1 });
    const progress = cut.at(-1)!.progress!;
    expect(progress.current).toEqual({ entity: 'Check', position: 1 });
    expect(progress.done).toEqual(['Account', 'Vendor', 'Customer', 'Class', 'Item', 'SalesTaxCode', 'PaymentMethod']);
    sim.endSession();
    const rest = await pullPages(adapter, { mode: 'FULL', pulledUpTo: null, progress }, { known: cut });
    // The closing date is read again (every pull reads it first), then only transactions: no list is read again.
    expect(rest[0]!.kind).toBe('lock');
    expect(rest.slice(1).every((p) => p.kind === 'transactions')).toBe(true);
    const ids = new Set([...recordsOf(cut), ...recordsOf(rest)].map((r) => r.externalId));
    expect(ids.size).toBe(sim.transactions().length);
    expect(rest.at(-1)!.progress?.done).toContain('SalesReceipt');
  });

  it('stops as unreachable, its progress kept, when QuickBooks’ session ends between two pages of an iterator', async () => {
    const { adapter, sim, sent } = qbdTestCompany({ transactions: 2_400, watchedShare: 0.1 }, (exchange) => async (xml) => {
      if (xml.includes('<CheckQueryRq') && xml.includes('iterator="Continue"')) sim.endSession();
      return exchange(xml);
    });
    const pages: PullPage[] = [];
    const error = await (async () => {
      for await (const page of adapter.pull(COMPANY, freshCursor(), () => Promise.resolve(referencesOf(pages)), new Date())) pages.push(page);
    })().catch((err: unknown) => err);
    expect(adapter.classifyError(error)).toBe('unreachable');
    expect(pages.at(-1)?.progress?.current).toEqual({ entity: 'Check', position: 1 });
    expect(sent.at(-1)).toContain('iterator="Continue"');
  });

  it('gives the same records when pulled again', async () => {
    const { adapter } = qbdTestCompany();
    const first = recordsOf(await pullPages(adapter, freshCursor()));
    const second = recordsOf(await pullPages(adapter, freshCursor('MISSING')));
    expect(second).toEqual(first);
  });

  it('asks an incremental pull only for what changed since the last one', async () => {
    const { adapter, sim, sent } = qbdTestCompany();
    const first = await pullPages(adapter, freshCursor());
    // The last pull is taken to have started ten minutes after the seed, so the five minutes it looks back over hold no seeded change.
    sim.advanceClock(600_000);
    const pulledUpTo = new Date(sim.now());
    sim.advanceClock(3_600_000);
    const edited = sim.transactions('Bill')[0]!;
    sim.editTransaction(edited.txnId, (txn) => {
      txn.memo = 'Changed at the office';
    });
    sent.length = 0;
    const pages = await pullPages(adapter, { mode: 'INCREMENTAL', pulledUpTo, progress: null }, { known: first });
    expect(recordsOf(pages).map((r) => r.externalId)).toEqual([edited.txnId]);
    expect(sent.some((doc) => doc.includes('<ModifiedDateRangeFilter><FromModifiedDate>'))).toBe(true);
    expect(pages.flatMap((p) => (p.kind === 'references' ? [...p.accounts, ...p.refs] : []))).toEqual([]);
  });

  it('reads a company with nothing in it', async () => {
    const { adapter } = qbdTestCompany({ transactions: 0 });
    const pages = await pullPages(adapter, freshCursor());
    expect(recordsOf(pages)).toEqual([]);
    expect(referencesOf(pages).accounts.length).toBeGreaterThan(0);
    expect(COMPANY.syncDate).toBe('2000-01-01');
  });
});
