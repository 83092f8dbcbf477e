import { describe, expect, it } from 'vitest';
import { QbxmlParseError, QbxmlProcessor } from './qbxml-processor.js';
import { names, processOne, qbxmlRequest, responses, rq, seededCompany } from './test-support.js';
import { TXN_KINDS } from './types.js';
import { child, childText, childrenNamed, leaf, node } from './xml-tree.js';

const processor = (transactions = 60) => new QbxmlProcessor(seededCompany({ transactions }));

describe('qbXML queries', () => {
  it('answers each request in order with its status attributes', () => {
    const answer = responses(processor().process(qbxmlRequest([rq('HostQueryRq', [], {}, '1'), rq('CompanyQueryRq', [], {}, '2')])));
    expect(answer.map((each) => each.name)).toEqual(['HostQueryRs', 'CompanyQueryRs']);
    expect(answer[0]?.attrs).toEqual({ requestID: '1', statusCode: '0', statusSeverity: 'Info', statusMessage: 'Status OK' });
    expect(childrenNamed(child(answer[0]!, 'HostRet')!, 'SupportedQBXMLVersion').map((each) => each.text)).toContain('13.0');
    expect(childText(child(answer[1]!, 'CompanyRet')!, 'CompanyName')).toBe('Sample Company');
  });

  it('returns accounts in schema order with SpecialAccountType on the uncategorized ones', () => {
    const answer = processOne(processor(), rq('AccountQueryRq', [...leaf('FullName', 'Uncategorized Expenses'), ...leaf('FullName', 'Ask My Accountant')]));
    const [uncategorized, askMyAccountant] = childrenNamed(answer, 'AccountRet');
    expect(names(uncategorized!)).toEqual([
      'ListID',
      'TimeCreated',
      'TimeModified',
      'EditSequence',
      'Name',
      'FullName',
      'IsActive',
      'Sublevel',
      'AccountType',
      'SpecialAccountType',
      'AccountNumber',
      'Balance',
    ]);
    expect(childText(uncategorized!, 'SpecialAccountType')).toBe('UncategorizedExpenses');
    expect(child(askMyAccountant!, 'SpecialAccountType')).toBeUndefined();
  });

  it('filters accounts by AccountType and NameFilter, and answers 1 when nothing matches', () => {
    const sim = processor();
    const banks = processOne(sim, rq('AccountQueryRq', leaf('AccountType', 'Bank')));
    expect(childrenNamed(banks, 'AccountRet').map((each) => childText(each, 'Name'))).toEqual(['Checking']);
    const filtered = processOne(sim, rq('AccountQueryRq', [node('NameFilter', [...leaf('MatchCriterion', 'StartsWith'), ...leaf('Name', 'uncat')])]));
    expect(childrenNamed(filtered, 'AccountRet')).toHaveLength(2);
    const none = processOne(sim, rq('VendorQueryRq', [node('NameFilter', [...leaf('MatchCriterion', 'Contains'), ...leaf('Name', 'zzz')])]));
    expect(none.attrs.statusCode).toBe('1');
  });

  it('answers every list query Herd makes', () => {
    const sim = processor();
    for (const [request, ret] of [
      ['VendorQueryRq', 'VendorRet'],
      ['CustomerQueryRq', 'CustomerRet'],
      ['ClassQueryRq', 'ClassRet'],
      ['ItemQueryRq', 'ItemServiceRet'],
      ['SalesTaxCodeQueryRq', 'SalesTaxCodeRet'],
      ['PaymentMethodQueryRq', 'PaymentMethodRet'],
    ] as const) {
      expect(childrenNamed(processOne(sim, rq(request)), ret).length, request).toBeGreaterThan(0);
    }
  });

  it('answers a query for each transaction kind, with lines only when IncludeLineItems is true', () => {
    const sim = processor(200);
    for (const kind of TXN_KINDS) {
      const withLines = processOne(sim, rq(`${kind}QueryRq`, leaf('IncludeLineItems', 'true')));
      const rets = childrenNamed(withLines, `${kind}Ret`);
      expect(rets.length, kind).toBe(sim.company.txns(kind).length);
      expect(
        rets[0]!.children.some((each) => /Line/.test(each.name)),
        kind,
      ).toBe(true);
      const withoutLines = processOne(sim, rq(`${kind}QueryRq`));
      expect(
        childrenNamed(withoutLines, `${kind}Ret`)[0]!.children.some((each) => /Line/.test(each.name)),
        kind,
      ).toBe(false);
    }
  });

  it('orders a CheckRet as the schema does and answers 500 when some TxnIDs are missing', () => {
    const sim = processor();
    const check = sim.company.txns('Check')[0]!;
    const answer = processOne(sim, rq('CheckQueryRq', [...leaf('TxnID', check.txnId), ...leaf('TxnID', 'FFFF-1'), ...leaf('IncludeLineItems', 'true')]));
    expect(answer.attrs).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
    const ret = child(answer, 'CheckRet')!;
    const order = names(ret).filter((name, index, all) => all.indexOf(name) === index);
    expect(order.slice(0, 12)).toEqual(
      [
        'TxnID',
        'TimeCreated',
        'TimeModified',
        'EditSequence',
        'TxnNumber',
        'AccountRef',
        'PayeeEntityRef',
        'RefNumber',
        'TxnDate',
        'Amount',
        ...(check.memo ? ['Memo'] : []),
        'IsToBePrinted',
        'ExpenseLineRet',
      ].slice(0, 12),
    );
    expect(names(child(ret, 'ExpenseLineRet')!).slice(0, 3)).toEqual(['TxnLineID', 'AccountRef', 'Amount']);
  });

  it('filters by ModifiedDateRangeFilter and TxnDateRangeFilter', () => {
    const sim = processor();
    const edited = sim.company.txns('Check')[2]!;
    sim.company.editTxn(edited.txnId, (txn) => (txn.memo = 'changed'));
    const modified = processOne(sim, rq('CheckQueryRq', [node('ModifiedDateRangeFilter', leaf('FromModifiedDate', '2026-06-01T08:00:00'))]));
    expect(childrenNamed(modified, 'CheckRet').map((each) => childText(each, 'TxnID'))).toEqual([edited.txnId]);
    const dated = processOne(sim, rq('CheckQueryRq', [node('TxnDateRangeFilter', [...leaf('FromTxnDate', edited.txnDate), ...leaf('ToTxnDate', edited.txnDate)])]));
    expect(childrenNamed(dated, 'CheckRet').every((each) => childText(each, 'TxnDate') === edited.txnDate)).toBe(true);
  });

  it('filters bills by PaidStatus and transactions by AccountFilter on any line', () => {
    const sim = processor(200);
    const unpaid = processOne(sim, rq('BillQueryRq', leaf('PaidStatus', 'NotPaidOnly')));
    expect(childrenNamed(unpaid, 'BillRet').map((each) => childText(each, 'IsPaid'))).toEqual(
      sim.company
        .txns('Bill')
        .filter((txn) => !txn.isPaid)
        .map(() => 'false'),
    );
    const onAskMyAccountant = processOne(
      sim,
      rq('JournalEntryQueryRq', [node('AccountFilter', leaf('FullName', 'Ask My Accountant')), ...leaf('IncludeLineItems', 'true')]),
    );
    expect(childrenNamed(onAskMyAccountant, 'JournalEntryRet').length).toBeGreaterThan(0);
    for (const ret of childrenNamed(onAskMyAccountant, 'JournalEntryRet')) {
      expect(childrenNamed(ret, 'JournalDebitLine').some((line) => childText(child(line, 'AccountRef')!, 'FullName') === 'Ask My Accountant')).toBe(true);
    }
  });

  it('escapes names on the way out', () => {
    const sim = processor();
    sim.company.addList({ kind: 'Vendor', name: 'Smith & Sons <LLC>' });
    const answer = processOne(sim, rq('VendorQueryRq', leaf('FullName', 'Smith & Sons <LLC>')));
    expect(childText(child(answer, 'VendorRet')!, 'Name')).toBe('Smith & Sons <LLC>');
  });

  it('stops at the first error under stopOnError and answers every request under continueOnError', () => {
    // An iterator QuickBooks does not know is an error of that request alone (3120).
    const unknownIterator = rq('CheckQueryRq', leaf('MaxReturned', 1), { iterator: 'Continue', iteratorID: '{00000000-0000-0000-0000-000000000000}' }, '1');
    const requests = [unknownIterator, rq('HostQueryRq', [], {}, '2')];
    expect(responses(processor().process(qbxmlRequest(requests))).map((each) => [each.name, each.attrs.statusCode])).toEqual([['CheckQueryRs', '3120']]);
    expect(responses(processor().process(qbxmlRequest(requests, 'continueOnError'))).map((each) => [each.name, each.attrs.statusCode])).toEqual([
      ['CheckQueryRs', '3120'],
      ['HostQueryRs', '0'],
    ]);
  });

  it('refuses a document without a supported qbxml version as a whole', () => {
    expect(() => processor().process(qbxmlRequest([rq('HostQueryRq')], 'stopOnError', '99.0'))).toThrow(QbxmlParseError);
  });
});

describe('qbXML iterators', () => {
  it('pages a query with Start and Continue until nothing remains, then forgets the iterator', () => {
    const sim = processor(300);
    const total = sim.company.txns('Check').length;
    const first = processOne(sim, rq('CheckQueryRq', leaf('MaxReturned', 10), { iterator: 'Start' }));
    const iteratorId = first.attrs.iteratorID!;
    expect(iteratorId).toMatch(/^\{[0-9a-f-]{36}\}$/);
    expect(Number(first.attrs.iteratorRemainingCount)).toBe(total - 10);
    let seen = childrenNamed(first, 'CheckRet').length;
    let remaining = Number(first.attrs.iteratorRemainingCount);
    while (remaining > 0) {
      const next = processOne(sim, rq('CheckQueryRq', leaf('MaxReturned', 10), { iterator: 'Continue', iteratorID: iteratorId }));
      seen += childrenNamed(next, 'CheckRet').length;
      remaining = Number(next.attrs.iteratorRemainingCount);
    }
    expect(seen).toBe(total);
    const after = processOne(sim, rq('CheckQueryRq', leaf('MaxReturned', 10), { iterator: 'Continue', iteratorID: iteratorId }));
    expect(after.attrs).toMatchObject({ statusCode: '3120', statusSeverity: 'Error' });
  });

  it('refuses an iterator of an ended session or of another request type', () => {
    const sim = processor();
    const first = processOne(sim, rq('CheckQueryRq', leaf('MaxReturned', 1), { iterator: 'Start' }));
    const continueAs = (request: string) => processOne(sim, rq(request, leaf('MaxReturned', 1), { iterator: 'Continue', iteratorID: first.attrs.iteratorID! }));
    expect(continueAs('BillQueryRq').attrs.statusCode).toBe('3120');
    sim.endSession();
    expect(continueAs('CheckQueryRq').attrs.statusCode).toBe('3120');
  });
});
