import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { QbxmlParseError, QbxmlProcessor } from './qbxml-processor.js';
import { names, processOne, qbxmlRequest, rq, seededCompany } from './test-support.js';
import { child, childText, childrenNamed, leaf, node, type OutElement } from './xml-tree.js';

function setup() {
  const sim = new QbxmlProcessor(seededCompany({ transactions: 20 }));
  const id = (kind: 'Account' | 'Vendor' | 'Class', name: string) => sim.company.findList(kind, { fullName: name })!.listId;
  return { sim, id };
}

const ref = (name: string, listId: string) => node(name, leaf('ListID', listId));

/** A JournalEntryAdd dated `date`, numbered `refNumber`, with a debit and a credit of the given amounts. */
const journalAdd = (id: ReturnType<typeof setup>['id'], { date = '2026-05-01', refNumber = 'HERD7', debit = '120.00', credit = '120.00' } = {}): OutElement =>
  rq('JournalEntryAddRq', [
    node('JournalEntryAdd', [
      ...leaf('TxnDate', date),
      ...leaf('RefNumber', refNumber),
      ...leaf('Memo', 'Correction of Staples'),
      node('JournalDebitLine', [
        ref('AccountRef', id('Account', 'Office Supplies')),
        ...leaf('Amount', debit),
        ...leaf('Memo', 'Paper'),
        ref('EntityRef', id('Vendor', 'Staples')),
        ref('ClassRef', id('Class', 'Ops')),
      ]),
      node('JournalCreditLine', [ref('AccountRef', id('Account', 'Uncategorized Expenses')), ...leaf('Amount', credit)]),
    ]),
  ]);

describe('qbXML JournalEntryAdd', () => {
  it('adds a balanced journal with its lines in order, and answers a query by its RefNumber with it', () => {
    const { sim, id } = setup();
    const before = sim.company.txns('JournalEntry').length;
    const answer = processOne(sim, journalAdd(id));
    expect(answer.attrs).toMatchObject({ statusCode: '0', statusSeverity: 'Info' });
    const ret = child(answer, 'JournalEntryRet')!;
    expect(childText(ret, 'TxnDate')).toBe('2026-05-01');
    expect(childText(ret, 'Memo')).toBe('Correction of Staples');
    expect(names(ret).filter((name) => name.startsWith('Journal'))).toEqual(['JournalDebitLine', 'JournalCreditLine']);
    const debit = child(ret, 'JournalDebitLine')!;
    expect([
      childText(debit, 'Amount'),
      childText(debit, 'Memo'),
      childText(child(debit, 'EntityRef')!, 'FullName'),
      childText(child(debit, 'ClassRef')!, 'FullName'),
    ]).toEqual(['120.00', 'Paper', 'Staples', 'Ops']);
    expect(sim.company.txns('JournalEntry')).toHaveLength(before + 1);

    const found = processOne(sim, rq('JournalEntryQueryRq', leaf('RefNumber', 'HERD7')));
    expect(childrenNamed(found, 'JournalEntryRet').map((each) => childText(each, 'TxnID'))).toEqual([childText(ret, 'TxnID')]);
  });

  it('refuses a journal whose debits do not equal its credits (3210), storing nothing', () => {
    const { sim, id } = setup();
    const before = sim.company.txns('JournalEntry').length;
    const answer = processOne(sim, journalAdd(id, { credit: '119.99' }));
    expect(answer.attrs).toMatchObject({ statusCode: '3210', statusSeverity: 'Error', statusMessage: expect.stringContaining('"0.01"') });
    expect(child(answer, 'JournalEntryRet')).toBeUndefined();
    expect(sim.company.txns('JournalEntry')).toHaveLength(before);
  });

  it('refuses a journal dated on or before the closing date (3171), and takes one the day after', () => {
    const { sim, id } = setup();
    sim.company.closingDate = '2026-03-31';
    for (const date of ['2026-03-15', '2026-03-31']) {
      const answer = processOne(sim, journalAdd(id, { date }));
      expect(answer.attrs).toMatchObject({ statusCode: '3171', statusSeverity: 'Error', statusMessage: expect.stringContaining('on or before the closing date') });
    }
    expect(sim.company.txns('JournalEntry').filter((txn) => txn.refNumber === 'HERD7')).toEqual([]);
    expect(processOne(sim, journalAdd(id, { date: '2026-04-01' })).attrs.statusCode).toBe('0');
  });

  it('refuses a line naming an account the company does not have (3140)', () => {
    const { sim, id } = setup();
    const add = journalAdd(id);
    const credit = add.children![0]!.children!.find((each) => each.name === 'JournalCreditLine')!;
    credit.children![0] = ref('AccountRef', '80009999-1');
    expect(processOne(sim, add).attrs).toMatchObject({ statusCode: '3140', statusMessage: expect.stringContaining('"80009999-1"') });
  });

  it('refuses, as a whole document, a RefNumber longer than the schema’s 11 characters', () => {
    const { sim, id } = setup();
    expect(() => sim.process(qbxmlRequest([journalAdd(id, { refNumber: 'HERD12345678' })]))).toThrow(QbxmlParseError);
    expect(takeContractViolations().flatMap((each) => each.problems)).toEqual([expect.stringContaining('RefNumber')]);
  });
});
