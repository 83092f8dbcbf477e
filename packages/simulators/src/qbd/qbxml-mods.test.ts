import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { QbxmlParseError, QbxmlProcessor } from './qbxml-processor.js';
import { names, processOne, qbxmlRequest, rq, seededCompany } from './test-support.js';
import { child, childText, childrenNamed, leaf, node, type OutElement } from './xml-tree.js';

function setup() {
  const sim = new QbxmlProcessor(seededCompany({ transactions: 120 }));
  const account = (name: string) => sim.company.findList('Account', { fullName: name })!;
  const check = sim.company.txns('Check').find((txn) => txn.expenseLines.length >= 2)!;
  return { sim, account, check };
}

const refTo = (name: string, listId: string) => node(name, leaf('ListID', listId));

describe('qbXML Mod requests', () => {
  it('changes the lines a CheckMod lists, drops the others, adds -1 lines and issues a new EditSequence', () => {
    const { sim, account, check } = setup();
    const [kept] = check.expenseLines;
    const rent = account('Rent Expense');
    const mod: OutElement[] = [
      ...leaf('TxnID', check.txnId),
      ...leaf('EditSequence', check.editSequence),
      node('ExpenseLineMod', [...leaf('TxnLineID', kept!.txnLineId), refTo('AccountRef', rent.listId), node('ClassRef', leaf('FullName', 'Ops'))]),
      node('ExpenseLineMod', [...leaf('TxnLineID', '-1'), refTo('AccountRef', rent.listId), ...leaf('Amount', '12.50')]),
    ];
    const before = check.editSequence;
    const answer = processOne(sim, rq('CheckModRq', [node('CheckMod', mod)]));
    expect(answer.attrs.statusCode).toBe('0');
    const ret = child(answer, 'CheckRet')!;
    expect(childText(ret, 'EditSequence')).not.toBe(before);
    expect(childText(ret, 'EditSequence')).toBe(check.editSequence);
    const lines = childrenNamed(ret, 'ExpenseLineRet');
    expect(lines).toHaveLength(2);
    expect(childText(child(lines[0]!, 'ClassRef')!, 'FullName')).toBe('Ops');
    expect(childText(child(lines[0]!, 'AccountRef')!, 'FullName')).toBe('Rent Expense');
    expect(childText(lines[0]!, 'Amount')).toBe((kept!.amountCents / 100).toFixed(2));
    expect(childText(lines[1]!, 'Amount')).toBe('12.50');
    expect(childText(lines[1]!, 'TxnLineID')).not.toBe('-1');
  });

  it('answers 3200 to a stale EditSequence and changes nothing', () => {
    const { sim, check } = setup();
    const stale = check.editSequence;
    sim.company.editTxn(check.txnId, (txn) => (txn.memo = 'edited in QuickBooks'));
    const answer = processOne(sim, rq('CheckModRq', [node('CheckMod', [...leaf('TxnID', check.txnId), ...leaf('EditSequence', stale), ...leaf('Memo', 'from Herd')])]));
    expect(answer.attrs).toMatchObject({ statusCode: '3200', statusSeverity: 'Error' });
    expect(child(answer, 'CheckRet')).toBeUndefined();
    expect(check.memo).toBe('edited in QuickBooks');
  });

  it('answers 3140 to a reference to a missing list entry, and 3120 to a missing transaction', () => {
    const { sim, check } = setup();
    const line = node('ExpenseLineMod', [...leaf('TxnLineID', check.expenseLines[0]!.txnLineId), node('AccountRef', leaf('FullName', 'No Such Account'))]);
    const answer = processOne(sim, rq('CheckModRq', [node('CheckMod', [...leaf('TxnID', check.txnId), ...leaf('EditSequence', check.editSequence), line])]));
    expect(answer.attrs.statusCode).toBe('3140');
    expect(check.expenseLines.length).toBeGreaterThan(1);
    const missing = processOne(sim, rq('CheckModRq', [node('CheckMod', [...leaf('TxnID', 'ABC-1'), ...leaf('EditSequence', '1')])]));
    expect(missing.attrs.statusCode).toBe('3120');
  });

  it('refuses a CheckMod with TxnDate before RefNumber, and takes a CreditCardChargeMod in that order', () => {
    const { sim, check } = setup();
    const checkMod = node('CheckMod', [
      ...leaf('TxnID', check.txnId),
      ...leaf('EditSequence', check.editSequence),
      ...leaf('TxnDate', '2026-05-01'),
      ...leaf('RefNumber', '9'),
    ]);
    expect(() => sim.process(qbxmlRequest([rq('CheckModRq', [checkMod])]))).toThrow(QbxmlParseError);
    expect(takeContractViolations().flatMap((each) => each.problems)).toEqual(['CheckModRq/CheckMod: RefNumber must come before TxnDate (qbxml130.xsd, CheckMod)']);
    const charge = sim.company.txns('CreditCardCharge')[0]!;
    const chargeMod = node('CreditCardChargeMod', [
      ...leaf('TxnID', charge.txnId),
      ...leaf('EditSequence', charge.editSequence),
      ...leaf('TxnDate', '2026-05-01'),
      ...leaf('RefNumber', '9'),
    ]);
    const answer = processOne(sim, rq('CreditCardChargeModRq', [chargeMod]));
    expect(answer.attrs.statusCode).toBe('0');
    expect(names(child(answer, 'CreditCardChargeRet')!).indexOf('TxnDate')).toBeLessThan(names(child(answer, 'CreditCardChargeRet')!).indexOf('RefNumber'));
  });

  it('drops every expense line on ClearExpenseLines', () => {
    const { sim, check } = setup();
    const answer = processOne(
      sim,
      rq('CheckModRq', [node('CheckMod', [...leaf('TxnID', check.txnId), ...leaf('EditSequence', check.editSequence), ...leaf('ClearExpenseLines', 'true')])]),
    );
    expect(childrenNamed(child(answer, 'CheckRet')!, 'ExpenseLineRet')).toHaveLength(0);
  });

  it('keeps journal entries balanced and moves deposit lines', () => {
    const { sim, account } = setup();
    const journal = sim.company.txns('JournalEntry')[0]!;
    const [debit, credit] = journal.journalLines;
    const journalMod = (amount: string) =>
      node('JournalEntryMod', [
        ...leaf('TxnID', journal.txnId),
        ...leaf('EditSequence', journal.editSequence),
        node('JournalLineMod', [...leaf('TxnLineID', debit!.txnLineId), refTo('AccountRef', account('Office Supplies').listId), ...leaf('Amount', amount)]),
        node('JournalLineMod', leaf('TxnLineID', credit!.txnLineId)),
      ]);
    expect(processOne(sim, rq('JournalEntryModRq', [journalMod('1.00')])).attrs.statusCode).toBe('3210');
    expect(processOne(sim, rq('JournalEntryModRq', [journalMod((debit!.amountCents / 100).toFixed(2))])).attrs.statusCode).toBe('0');
    expect(journal.journalLines[0]?.account.fullName).toBe('Office Supplies');

    const deposit = sim.company.txns('Deposit')[0]!;
    const depositMod = node('DepositMod', [
      ...leaf('TxnID', deposit.txnId),
      ...leaf('EditSequence', deposit.editSequence),
      node('DepositLineMod', [...leaf('TxnLineID', deposit.depositLines[0]!.txnLineId), refTo('AccountRef', account('Sales Income').listId)]),
    ]);
    expect(processOne(sim, rq('DepositModRq', [depositMod])).attrs.statusCode).toBe('0');
    expect(deposit.depositLines[0]?.account.fullName).toBe('Sales Income');
  });
});

describe('qbXML Add requests', () => {
  it('adds a vendor and refuses a name already used by a customer (3100)', () => {
    const { sim } = setup();
    const added = processOne(sim, rq('VendorAddRq', [node('VendorAdd', leaf('Name', 'New Supplier'))]));
    expect(added.attrs.statusCode).toBe('0');
    expect(childText(child(added, 'VendorRet')!, 'Name')).toBe('New Supplier');
    expect(processOne(sim, rq('VendorAddRq', [node('VendorAdd', leaf('Name', 'acme corp'))])).attrs.statusCode).toBe('3100');
    const account = processOne(sim, rq('AccountAddRq', [node('AccountAdd', [...leaf('Name', 'Suspense'), ...leaf('AccountType', 'OtherCurrentLiability')])]));
    expect(childText(child(account, 'AccountRet')!, 'AccountType')).toBe('OtherCurrentLiability');
  });
});
