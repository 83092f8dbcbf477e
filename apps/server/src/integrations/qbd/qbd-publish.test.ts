import type { QbdTxn } from '@herd/simulators';
import { fromCents } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import type { LedgerRecord, PublishItem, PublishLine, SettledItem } from '../../modules/books/ledger/ledger-records.port.js';
import { COMPANY, freshCursor, pullPages, qbdTestCompany, recordsOf, referencesOf, type QbdTestCompany } from './qbd-test-company.js';
import { QbdBusyError } from './qbxml-status.js';
import { publishLine } from '../../../test/publish-lines.js';

const WATCHED = new Set(['Uncategorized Expenses', 'Ask My Accountant', 'Uncategorized Income']);
const KINDS = ['Check', 'CreditCardCharge', 'CreditCardCredit', 'Bill', 'VendorCredit', 'Deposit', 'JournalEntry'] as const;

const setUp = async (wrap?: Parameters<typeof qbdTestCompany>[1]) => {
  const company = qbdTestCompany({ transactions: 120, watchedShare: 0.5 }, wrap);
  const pages = await pullPages(company.adapter, freshCursor());
  const account = (name: string) => company.sim.listEntries('Account').find((a) => a.name === name)!.listId;
  return { ...company, references: referencesOf(pages), records: recordsOf(pages), account };
};

const line = publishLine;

const itemOf = (record: LedgerRecord, lines: PublishLine[], key = 1): PublishItem => ({
  key,
  externalId: record.externalId,
  entityType: record.transaction!.entityType,
  version: record.version,
  raw: record.raw,
  lines,
  files: [],
});

const watchedOf = (records: LedgerRecord[], kind: string) => records.find((r) => r.transaction?.entityType === kind)!;

const publish = async (company: QbdTestCompany & { references: ReturnType<typeof referencesOf> }, items: PublishItem[]) => {
  const settled: SettledItem[][] = [];
  for await (const batch of company.adapter.publish(COMPANY, items, company.references)) settled.push(batch);
  return settled;
};

const linesOf = (txn: QbdTxn) => [...txn.expenseLines, ...txn.depositLines, ...txn.journalLines];

describe('QuickBooks Desktop publish', () => {
  it.each(KINDS)('writes a split of a %s exact to the cent, keeping its other lines', async (kind) => {
    const company = await setUp();
    const { sim, account } = company;
    const record = watchedOf(company.records, kind);
    const before = structuredClone(sim.company.getTxn(record.externalId)!);
    const kept = linesOf(before)
      .filter((l) => !WATCHED.has(l.account.fullName))
      .map((l) => ({ id: l.txnLineId, account: l.account.listId, cents: l.amountCents }));
    const total = record.transaction!.amountCents;
    const third = Math.floor(total / 3) + 1;
    const customer = sim.listEntries('Customer')[0]!.listId;
    const klass = sim.listEntries('Class')[1]!.listId;
    const [first, second] = kind === 'Deposit' ? [account('Sales Income'), account('Sales Income')] : [account('Office Supplies'), account('Travel Expense')];
    const expenseKind = kind !== 'Deposit' && kind !== 'JournalEntry';
    const vendor = sim.listEntries('Vendor')[3]!.listId;
    const lines = [
      line(third, first, { description: 'Paper & ink <bulk>', classExternalId: klass, ...(expenseKind ? { vendorExternalId: vendor } : {}) }),
      line(total - third, second, { customerExternalId: customer, ...(kind === 'Deposit' || kind === 'JournalEntry' ? {} : { billable: 'BILLABLE' as const }) }),
    ];

    company.sent.length = 0;
    const settled = await publish(company, [itemOf(record, lines)]);

    // The Mod as sent: header and lines in schema order, text escaped.
    const mod = company.sent.find((doc) => doc.includes(`<${kind}ModRq`))!;
    const memo = 'Paper &amp; ink &lt;bulk&gt;';
    const ref = (name: string, id: string) => `<${name}><ListID>${id}</ListID></${name}>`;
    const payee = kind === 'Bill' || kind === 'VendorCredit' ? ref('VendorRef', vendor) : expenseKind ? ref('PayeeEntityRef', vendor) : '';
    expect(mod).toContain(`<${kind}Mod><TxnID>${record.externalId}</TxnID><EditSequence>${before.editSequence}</EditSequence>${payee}<`);
    const firstLine =
      {
        Deposit: `<DepositLineMod><TxnLineID>-1</TxnLineID>${ref('AccountRef', first)}<Memo>${memo}</Memo>${ref('ClassRef', klass)}<Amount>${fromCents(third)}</Amount></DepositLineMod>`,
        JournalEntry: `<JournalLineMod><TxnLineID>-1</TxnLineID><JournalLineType>Debit</JournalLineType>${ref('AccountRef', first)}<Amount>${fromCents(third)}</Amount><Memo>${memo}</Memo>${ref('ClassRef', klass)}</JournalLineMod>`,
      }[kind as string] ??
      `<ExpenseLineMod><TxnLineID>-1</TxnLineID>${ref('AccountRef', first)}<Amount>${fromCents(third)}</Amount><Memo>${memo}</Memo>${ref('ClassRef', klass)}</ExpenseLineMod>`;
    expect(mod).toContain(firstLine);

    const after = sim.company.getTxn(record.externalId)!;
    expect(settled).toEqual([[expect.objectContaining({ outcome: expect.objectContaining({ kind: 'published', ledgerVersion: after.editSequence }) })]]);
    const now = linesOf(after);
    expect(now.filter((l) => WATCHED.has(l.account.fullName))).toEqual([]);
    expect(now.filter((l) => kept.some((k) => k.id === l.txnLineId)).map((l) => ({ id: l.txnLineId, account: l.account.listId, cents: l.amountCents }))).toEqual(kept);
    const added = now.filter((l) => !kept.some((k) => k.id === l.txnLineId));
    expect(added.map((l) => [l.account.listId, l.amountCents, l.memo ?? '', l.class?.listId ?? null])).toEqual([
      [first, third, 'Paper & ink <bulk>', klass],
      [second, total - third, '', null],
    ]);
    const customerOf = (l: (typeof added)[number]) => ('customer' in l ? l.customer?.listId : 'entity' in l ? l.entity?.listId : undefined);
    expect(customerOf(added[1]!)).toBe(customer);
    if (expenseKind) expect(after.payee?.listId).toBe(vendor);
    if (kind === 'JournalEntry') expect(added.map((l) => ('side' in l ? l.side : null))).toEqual(['Debit', 'Debit']);
    if (kind !== 'Deposit' && kind !== 'JournalEntry') expect('billableStatus' in added[1]! ? added[1].billableStatus : null).toBe('Billable');
    // The transaction's total is what it was: only where the money went changed.
    expect(now.reduce((s, l) => s + ('side' in l && l.side === 'Credit' ? 0 : l.amountCents), 0)).toBe(
      linesOf(before).reduce((s, l) => s + ('side' in l && l.side === 'Credit' ? 0 : l.amountCents), 0),
    );
  });

  it('sends a batch as one document of queries, then one of Mods (continueOnError), each answered on its own', async () => {
    const company = await setUp();
    const records = company.records.filter((r) => r.transaction && r.transaction.entityType !== 'JournalEntry').slice(0, 3);
    const bad = itemOf(records[1]!, [line(records[1]!.transaction!.amountCents, '80009999-0000000000')], 2);
    company.sent.length = 0;
    const [settled] = await publish(company, [
      itemOf(records[0]!, [line(records[0]!.transaction!.amountCents, company.account('Utilities'))], 1),
      bad,
      itemOf(records[2]!, [line(records[2]!.transaction!.amountCents, company.account('Utilities'))], 3),
    ]);
    expect(company.sent).toHaveLength(2);
    expect(company.sent[1]).toContain('onError="continueOnError"');
    expect(settled!.map((s) => [s.item.key, s.outcome.kind])).toEqual([
      [1, 'published'],
      [2, 'rejected'],
      [3, 'published'],
    ]);
    // QuickBooks' own words for a reference to nothing.
    expect(settled![1]!.outcome).toMatchObject({ code: '3140', message: expect.stringContaining('invalid reference to QuickBooks Account "80009999-0000000000"') });
  });

  it('reads a transaction changed in QuickBooks meanwhile again, and writes on the new copy', async () => {
    let edits = 0;
    const at: { sim?: QbdTestCompany['sim']; target: string } = { target: '' };
    const company = await setUp((exchange) => async (xml) => {
      // The bookkeeper edits the transaction between Herd's query and its Mod.
      if (xml.includes('ModRq') && edits === 0 && at.sim) {
        edits += 1;
        at.sim.editTransaction(at.target, (txn) => {
          txn.memo = 'Edited at the office';
        });
      }
      return exchange(xml);
    });
    at.sim = company.sim;
    const record = watchedOf(company.records, 'Check');
    at.target = record.externalId;
    const target = at.target;
    const [settled] = await publish(company, [itemOf(record, [line(record.transaction!.amountCents, company.account('Utilities'))])]);
    expect(edits).toBe(1);
    expect(settled![0]!.outcome).toMatchObject({ kind: 'published', ledgerVersion: company.sim.company.getTxn(target)!.editSequence });
    expect(company.sim.company.getTxn(target)!.memo).toBe('Edited at the office');
    expect(
      company.sim
        .processed()
        .slice(-4)
        .map((d) => d.statusCodes),
    ).toEqual([[0], [3200], [0], [0]]);
  });

  it('rejects, in QuickBooks’ words, a transaction that is still stale when sent again', async () => {
    const at: { sim?: QbdTestCompany['sim']; target: string } = { target: '' };
    const company = await setUp((exchange) => async (xml) => {
      if (xml.includes('ModRq') && at.sim) at.sim.editTransaction(at.target, (txn) => (txn.memo = `${txn.memo ?? ''}!`));
      return exchange(xml);
    });
    at.sim = company.sim;
    const record = watchedOf(company.records, 'CreditCardCharge');
    at.target = record.externalId;
    const [settled] = await publish(company, [itemOf(record, [line(record.transaction!.amountCents, company.account('Utilities'))])]);
    expect(settled![0]!.outcome).toMatchObject({ kind: 'rejected', code: '3200', message: expect.stringContaining('is out-of-date') });
  });

  it('rejects a transaction deleted in QuickBooks, and a sales receipt, before sending a Mod', async () => {
    const company = await setUp();
    const record = watchedOf(company.records, 'Check');
    const gone = { ...itemOf(record, [line(100, company.account('Utilities'))], 1), externalId: 'FFFF-1' };
    const receipt = {
      ...itemOf(record, [line(100, company.account('Sales Income'))], 2),
      externalId: company.sim.transactions('SalesReceipt')[0]!.txnId,
      entityType: 'SalesReceipt',
    };
    const [settled] = await publish(company, [gone, receipt]);
    expect(settled!.map((s) => [s.item.key, s.outcome.kind, (s.outcome as { code?: string }).code])).toEqual([
      [1, 'rejected', 'HERD'],
      [2, 'rejected', 'HERD'],
    ]);
    expect(company.sent.at(-1)).not.toContain('ModRq');
  });

  it('hands back what settled, then stops for the next run when QuickBooks is busy (3175)', async () => {
    const company = await setUp((exchange) => async (xml) => {
      const answer = await exchange(xml);
      return xml.includes('CreditCardChargeModRq') ? answer.replace(/(<CreditCardChargeModRs[^>]*statusCode=")0"/, '$13175"') : answer;
    });
    const check = watchedOf(company.records, 'Check');
    const card = watchedOf(company.records, 'CreditCardCharge');
    const settled: SettledItem[][] = [];
    const run = async () => {
      const items = [
        itemOf(check, [line(check.transaction!.amountCents, company.account('Utilities'))], 1),
        itemOf(card, [line(card.transaction!.amountCents, company.account('Utilities'))], 2),
      ];
      for await (const batch of company.adapter.publish(COMPANY, items, company.references)) settled.push(batch);
    };
    const error = await run().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(QbdBusyError);
    expect(company.adapter.classifyError(error)).toBe('unreachable');
    expect(settled).toEqual([[expect.objectContaining({ item: expect.objectContaining({ key: 1 }), outcome: expect.objectContaining({ kind: 'published' }) })]]);
  });
});
