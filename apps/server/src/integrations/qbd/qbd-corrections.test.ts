import { judgeQbxml } from '@herd/simulators';
import { fromCents } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { correctionLine } from '../../../test/publish-lines.js';
import { dayAfter } from '../../lib/calendar-days.js';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { CorrectionItem, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { COMPANY, freshCursor, pullPages, qbdTestCompany, recordsOf, referencesOf } from './qbd-test-company.js';
import { QbdBusyError } from './qbxml-status.js';

/**
 * Corrections against the simulated QuickBooks Desktop, through the exchange a Web Connector run
 * gives: the answer to a Check dated on or before the company's closing date goes as a journal entry
 * dated the first open day, and the Check itself is left as it is.
 */
const setUp = async (wrap?: Parameters<typeof qbdTestCompany>[1]) => {
  const company = qbdTestCompany({ transactions: 120, watchedShare: 0.5 }, wrap);
  const pages = await pullPages(company.adapter, freshCursor());
  const references = referencesOf(pages);
  const record = recordsOf(pages).find((r) => r.transaction?.entityType === 'Check')!;
  const check = company.sim.company.getTxn(record.externalId)!;
  // The books are closed through the Check's own day.
  company.sim.company.closingDate = check.txnDate;
  const id = (kind: 'Account' | 'Vendor' | 'Class', name: string) => company.sim.listEntries(kind).find((e) => e.name === name)!.listId;
  const ids = {
    office: id('Account', 'Office Supplies'),
    watched: record.transaction!.watchedAccountExternalId!,
    vendor: id('Vendor', 'Staples'),
    klass: id('Class', 'Ops'),
  };
  const cents = record.transaction!.lines[0]!.amountCents;
  const correction = (overrides: Partial<CorrectionItem> = {}): CorrectionItem => ({
    key: 4242,
    externalId: record.externalId,
    entityType: 'Check',
    date: dayAfter(check.txnDate),
    currency: 'USD',
    memo: `Correction of Staples & Co <check ${check.refNumber ?? ''}>: the books are closed through ${check.txnDate}.`,
    idempotencyKey: 'herd-correction-4242-1',
    raw: null,
    lines: [
      correctionLine('DEBIT', ids.office, cents, { description: 'Printer paper', vendorExternalId: ids.vendor, classExternalId: ids.klass, locationExternalId: 'LOC-1' }),
      correctionLine('CREDIT', ids.watched, cents, { description: 'Moved to its category' }),
    ],
    ...overrides,
  });
  const post = async (items: CorrectionItem[]) => {
    const settled: SettledCorrection[][] = [];
    for await (const batch of company.adapter.postCorrections!(COMPANY, items, references)) settled.push(batch);
    return settled;
  };
  const journals = (refNumber: string) => company.sim.transactions('JournalEntry').filter((txn) => txn.refNumber === refNumber);
  return { ...company, check, ids, cents, correction, post, journals };
};

const ref = (name: string, id: string) => `<${name}><ListID>${id}</ListID></${name}>`;

describe('QuickBooks Desktop corrections', () => {
  it('posts the answer to a Check in the closed period as a journal entry dated the first open day, leaving the Check as it was', async () => {
    const company = await setUp();
    const { sim, check, ids, cents } = company;
    const before = structuredClone(check);
    const item = company.correction();
    company.sent.length = 0;

    const settled = await company.post([item]);

    const [journal] = company.journals('HERD4242');
    expect(settled).toEqual([[{ item, outcome: { kind: 'posted', journalExternalId: journal!.txnId } }]]);
    expect(journal).toMatchObject({ txnDate: dayAfter(check.txnDate), memo: item.memo });
    expect(journal!.journalLines.map((l) => [l.side, l.account.listId, l.amountCents, l.memo, l.entity?.listId, l.class?.listId])).toEqual([
      ['Debit', ids.office, cents, 'Printer paper', ids.vendor, ids.klass],
      ['Credit', ids.watched, cents, 'Moved to its category', undefined, undefined],
    ]);
    // As sent: the header in schema order, its memo escaped, the lines in the item's order; no location (QuickBooks Desktop has none).
    const add = company.sent.find((doc) => doc.includes('<JournalEntryAddRq'))!;
    expect(add).toContain(`<JournalEntryAdd><TxnDate>${item.date}</TxnDate><RefNumber>HERD4242</RefNumber><Memo>Correction of Staples &amp; Co &lt;check`);
    expect(add).toContain(
      `<JournalDebitLine>${ref('AccountRef', ids.office)}<Amount>${fromCents(cents)}</Amount><Memo>Printer paper</Memo>${ref('EntityRef', ids.vendor)}${ref('ClassRef', ids.klass)}</JournalDebitLine><JournalCreditLine>`,
    );
    expect(add).not.toContain('LOC-1');
    // The Check: the same EditSequence and lines, and no Mod was sent for it.
    expect(sim.company.getTxn(check.txnId)).toEqual(before);
    expect(company.sent.some((doc) => doc.includes('ModRq'))).toBe(false);
  });

  it('sends qbXML the derived qbXML 13.0 rules accept: long memos trimmed, a key too long for HERD numbered H', async () => {
    const company = await setUp();
    const long = 'x'.repeat(5000);
    const item = company.correction({ key: 2_147_483_647, memo: long, lines: company.correction().lines.map((l) => ({ ...l, description: long })) });
    company.sent.length = 0;
    const [[settled]] = (await company.post([item])) as [[SettledCorrection]];
    expect(settled.outcome.kind).toBe('posted');
    expect(company.journals('H2147483647')).toHaveLength(1);
    const [journal] = company.journals('H2147483647');
    expect([journal!.memo, ...journal!.journalLines.map((l) => l.memo)].map((memo) => memo?.length)).toEqual([4095, 4095, 4095]);
    // Every document as QuickBooks would judge it before running any of it: nothing outside the rules, every message derived.
    expect(company.sent.map((doc) => judgeQbxml(doc, 'request'))).toEqual([
      { messages: ['JournalEntryQueryRq'], problems: [], notDerived: [] },
      { messages: ['JournalEntryAddRq'], problems: [], notDerived: [] },
    ]);
    // The judge is not blind to a journal: the same document with its line memo untrimmed is refused.
    const untrimmed = company.sent[1]!.replace(/<JournalDebitLine>(.*?)<Memo>x+<\/Memo>/, `<JournalDebitLine>$1<Memo>${long}</Memo>`);
    expect(judgeQbxml(untrimmed, 'request').problems).toEqual([expect.stringContaining('JournalDebitLine/Memo')]);
  });

  it('settles posted with the same journal, adding nothing, when a run was cut off after QuickBooks wrote it', async () => {
    const cut = { armed: true };
    const company = await setUp((exchange) => async (xml) => {
      const answer = await exchange(xml);
      // QuickBooks wrote the journal; the Web Connector run ended before its answer reached Herd.
      if (cut.armed && xml.includes('<JournalEntryAddRq')) throw new LedgerUnreachableError('The Web Connector run ended.');
      return answer;
    });
    const item = company.correction();
    await expect(company.post([item])).rejects.toBeInstanceOf(LedgerUnreachableError);
    const [written] = company.journals('HERD4242');
    expect(written).toBeDefined();

    cut.armed = false;
    company.sent.length = 0;
    // The retry may carry another request key (the row changed meanwhile): QuickBooks Desktop keys nothing, the journal's number finds it.
    const retry = { ...item, idempotencyKey: 'herd-correction-4242-2' };
    const settled = await company.post([retry]);
    expect(settled).toEqual([[{ item: retry, outcome: { kind: 'posted', journalExternalId: written!.txnId } }]]);
    expect(company.journals('HERD4242')).toHaveLength(1);
    expect(company.sent.some((doc) => doc.includes('<JournalEntryAddRq'))).toBe(false);
  });

  it('posts nothing, and says so, when its number is on a journal of another day', async () => {
    const company = await setUp();
    await company.post([company.correction()]);
    const later = company.correction({ date: dayAfter(dayAfter(company.check.txnDate)) });
    const [[settled]] = (await company.post([later])) as [[SettledCorrection]];
    expect(settled.outcome).toMatchObject({ kind: 'rejected', code: 'HERD', message: expect.stringContaining('already has journal entry HERD4242') });
    expect(company.journals('HERD4242')).toHaveLength(1);
  });

  it('rejects, in QuickBooks’ words, a journal dated inside the closed period', async () => {
    const company = await setUp();
    const [[settled]] = (await company.post([company.correction({ date: company.check.txnDate })])) as [[SettledCorrection]];
    expect(settled.outcome).toEqual({ kind: 'rejected', code: '3171', message: expect.stringContaining('on or before the closing date') });
    expect(company.journals('HERD4242')).toEqual([]);
  });

  it('rejects, in QuickBooks’ words, a journal whose debits do not equal its credits', async () => {
    const company = await setUp();
    const [debit, credit] = company.correction().lines;
    const unbalanced = company.correction({ lines: [debit!, { ...credit!, amountCents: company.cents - 1 }] });
    const [[settled]] = (await company.post([unbalanced])) as [[SettledCorrection]];
    expect(settled.outcome).toEqual({ kind: 'rejected', code: '3210', message: expect.stringContaining('"0.01"') });
    expect(company.journals('HERD4242')).toEqual([]);
  });

  it('refuses a line naming an entry not yet in QuickBooks without sending anything, and stops for the next run when QuickBooks is busy', async () => {
    const busy = { on: false };
    const company = await setUp((exchange) => async (xml) => {
      const answer = await exchange(xml);
      return busy.on ? answer.replace(/(<JournalEntryAddRs[^>]*statusCode=")0"/, '$13175"') : answer;
    });
    const pending = company.correction({
      key: 1,
      lines: [correctionLine('DEBIT', `pending:${'0'.repeat(36)}`, 100), correctionLine('CREDIT', company.ids.watched, 100)],
    });
    company.sent.length = 0;
    expect(await company.post([pending])).toEqual([[{ item: pending, outcome: expect.objectContaining({ kind: 'rejected', code: 'HERD' }) }]]);
    expect(company.sent).toEqual([]);

    busy.on = true;
    const settled: SettledCorrection[][] = [];
    const error = await (async () => {
      for await (const batch of company.adapter.postCorrections!(COMPANY, [pending, company.correction()], { accounts: [], refs: [] })) settled.push(batch);
    })().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(QbdBusyError);
    expect(company.adapter.classifyError(error)).toBe('unreachable');
    // What settled is handed back first; the busy journal is left for the next run.
    expect(settled).toEqual([[expect.objectContaining({ item: pending })]]);
  });
});
