import { takeContractViolations } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import { askOne, askQbxml } from './qbd-ask.js';
import { listIterates, listQuery, txnByIdQuery, txnQuery, wholeListQuery } from './qbd-queries.js';
import { inSchemaOrder, QbxmlSchemaError } from './qbd-schema.js';
import { COMPANY, qbdTestCompany } from './qbd-test-company.js';
import { linesOf, QBD_TXN_KIND_NAMES } from './qbd-transaction-map.js';
import { parseQbxmlResponse, plainOf, qbxmlDocument, textOf, type QbxmlFields } from './qbxml-xml.js';

const names = (fields: QbxmlFields) => fields.map(([name]) => name);

describe('qbXML documents', () => {
  it('wraps requests in the envelope QuickBooks reads', () => {
    const doc = qbxmlDocument([{ name: 'AccountQueryRq', attrs: { requestID: '1' }, fields: [['MaxReturned', '5']] }], 'stopOnError');
    expect(doc).toBe(
      '<?xml version="1.0" encoding="utf-8"?><?qbxml version="13.0"?><QBXML><QBXMLMsgsRq onError="stopOnError"><AccountQueryRq requestID="1"><MaxReturned>5</MaxReturned></AccountQueryRq></QBXMLMsgsRq></QBXML>',
    );
  });

  it('escapes names with &, < and quotes, which come back from QuickBooks unchanged', async () => {
    const { adapter, sim, sent } = qbdTestCompany();
    const name = `Smith & <Sons> "Quotes" 'Ltd'`;
    const created = await adapter.createListEntry(COMPANY, { kind: 'VENDOR', name });
    expect(sent[0]).toContain('Smith &amp; &lt;Sons&gt;');
    expect(sim.listEntries('Vendor').find((v) => v.name === name)?.listId).toBe(created.kind === 'created' ? created.externalId : 'none');
    const { rets } = await askOne((xml) => Promise.resolve(sim.processQbxml(xml)), { name: 'VendorQueryRq', fields: [['FullName', name]] });
    expect(textOf(rets[0], 'Name')).toBe(name);
  });

  it('puts each aggregate in schema order: CheckMod has RefNumber then TxnDate, the card Mods the reverse', () => {
    const given: QbxmlFields = [
      ['ExpenseLineMod', [['TxnLineID', '-1']]],
      ['TxnDate', '2026-01-01'],
      ['RefNumber', '1001'],
      ['EditSequence', '1'],
      ['TxnID', 'T-1'],
      ['Memo', undefined],
    ];
    expect(names(inSchemaOrder('CheckMod', given))).toEqual(['TxnID', 'EditSequence', 'RefNumber', 'TxnDate', 'ExpenseLineMod']);
    expect(names(inSchemaOrder('CreditCardChargeMod', given))).toEqual(['TxnID', 'EditSequence', 'TxnDate', 'RefNumber', 'ExpenseLineMod']);
    expect(names(inSchemaOrder('CreditCardCreditMod', given))).toEqual(['TxnID', 'EditSequence', 'TxnDate', 'RefNumber', 'ExpenseLineMod']);
    expect(names(inSchemaOrder('BillMod', [...given, ['VendorRef', [['ListID', 'V']]]]))).toEqual([
      'TxnID',
      'EditSequence',
      'VendorRef',
      'TxnDate',
      'RefNumber',
      'ExpenseLineMod',
    ]);
    expect(
      names(
        inSchemaOrder('ExpenseLineMod', [
          ['BillableStatus', 'Billable'],
          ['ClassRef', []],
          ['CustomerRef', []],
          ['Memo', 'm'],
          ['Amount', '1.00'],
          ['AccountRef', []],
          ['TxnLineID', '-1'],
        ]),
      ),
    ).toEqual(['TxnLineID', 'AccountRef', 'Amount', 'Memo', 'CustomerRef', 'ClassRef', 'BillableStatus']);
    expect(
      names(
        inSchemaOrder('DepositLineMod', [
          ['Amount', '1.00'],
          ['ClassRef', []],
          ['Memo', 'm'],
          ['AccountRef', []],
          ['EntityRef', []],
          ['TxnLineID', '-1'],
        ]),
      ),
    ).toEqual(['TxnLineID', 'EntityRef', 'AccountRef', 'Memo', 'ClassRef', 'Amount']);
    expect(
      names(
        inSchemaOrder('JournalLineMod', [
          ['ClassRef', []],
          ['Amount', '1.00'],
          ['AccountRef', []],
          ['JournalLineType', 'Debit'],
          ['TxnLineID', '-1'],
        ]),
      ),
    ).toEqual(['TxnLineID', 'JournalLineType', 'AccountRef', 'Amount', 'ClassRef']);
    // Repeated elements keep their order.
    expect(
      inSchemaOrder('JournalEntryMod', [
        ['JournalLineMod', [['TxnLineID', 'b']]],
        ['TxnID', 'T'],
        ['JournalLineMod', [['TxnLineID', 'a']]],
      ]).map(([, v]) => v),
    ).toEqual(['T', [['TxnLineID', 'b']], [['TxnLineID', 'a']]]);
    expect(() => inSchemaOrder('CheckMod', [['DueDate', '2026-01-01']])).toThrow(QbxmlSchemaError);
  });

  it('is refused by QuickBooks when a CheckMod or CreditCardChargeMod is out of order, and accepted in order', async () => {
    const { sim } = qbdTestCompany();
    const exchange = (xml: string) => Promise.resolve(sim.processQbxml(xml));
    for (const kind of ['Check', 'CreditCardCharge'] as const) {
      const txn = sim.transactions(kind)[0]!;
      const fields: QbxmlFields = [
        ['TxnID', txn.txnId],
        ['EditSequence', txn.editSequence],
        ['RefNumber', 'R-9'],
        ['TxnDate', '2026-02-03'],
      ];
      const wrong = kind === 'Check' ? [fields[0]!, fields[1]!, fields[3]!, fields[2]!] : fields;
      await expect(askOne(exchange, { name: `${kind}ModRq`, fields: [[`${kind}Mod`, wrong]] })).rejects.toThrow(
        'QuickBooks found an error when parsing the provided XML text stream.',
      );
      const [before, after] = kind === 'Check' ? ['RefNumber', 'TxnDate'] : ['TxnDate', 'RefNumber'];
      expect(takeContractViolations().flatMap((each) => each.problems)).toEqual([
        `${kind}ModRq/${kind}Mod: ${before} must come before ${after} (qbxml130.xsd, ${kind}Mod)`,
      ]);
      const { status } = await askOne(exchange, { name: `${kind}ModRq`, fields: [[`${kind}Mod`, inSchemaOrder(`${kind}Mod`, fields)]] });
      expect(status.code).toBe(0);
      expect(sim.company.getTxn(txn.txnId)).toMatchObject({ refNumber: 'R-9', txnDate: '2026-02-03' });
    }
  });

  it('asks queries with their filters in schema order, and pages with the iterator’s id', () => {
    const start = txnQuery('Check', { fromTxnDate: '2026-01-01' }, 'Start');
    expect(start.attrs).toEqual({ iterator: 'Start' });
    expect(names(start.fields)).toEqual(['MaxReturned', 'TxnDateRangeFilter', 'IncludeLineItems']);
    expect(start.fields[0]).toEqual(['MaxReturned', '500']);
    const changed = txnQuery('Check', { fromTxnDate: '2026-01-01', fromModified: new Date('2026-11-01T10:00:00.123Z') }, 'Start');
    expect(changed.fields[1]).toEqual(['ModifiedDateRangeFilter', [['FromModifiedDate', '2026-11-01T10:00:00+00:00']]]);
    const next = txnQuery('Check', { fromTxnDate: '2026-01-01' }, { id: '{abc}' });
    expect(next.attrs).toEqual({ iterator: 'Continue', iteratorID: '{abc}' });
    expect(names(next.fields)).toEqual(['MaxReturned', 'IncludeLineItems']);
    expect(names(txnByIdQuery('Bill', ['1', '2']).fields)).toEqual(['TxnID', 'TxnID', 'IncludeLineItems']);
    expect(names(listQuery('Vendor', { fromModified: new Date() }, 'Start').fields)).toEqual(['MaxReturned', 'ActiveStatus', 'FromModifiedDate']);
    // AccountQuery takes no iterator in qbXML 13.0: the chart is asked whole, and MaxReturned would cut it short.
    const chart = wholeListQuery('Account', { fromModified: new Date() });
    expect(chart.attrs).toBeUndefined();
    expect(names(chart.fields)).toEqual(['ActiveStatus', 'FromModifiedDate']);
    expect(() => listQuery('Account', {}, 'Start')).toThrow(QbxmlSchemaError);
  });
});

describe('qbXML answers', () => {
  it('reads every kind of transaction Ret with its lines, amounts exact to the cent', async () => {
    const { sim } = qbdTestCompany({ transactions: 120 });
    const exchange = (xml: string) => Promise.resolve(sim.processQbxml(xml));
    for (const kind of QBD_TXN_KIND_NAMES) {
      const txns = sim.transactions(kind).slice(0, 3);
      expect(txns.length).toBeGreaterThan(0);
      const { rets } = await askOne(
        exchange,
        txnByIdQuery(
          kind,
          txns.map((t) => t.txnId),
        ),
      );
      expect(rets.map((r) => r.name)).toEqual(txns.map(() => `${kind}Ret`));
      for (const [i, txn] of txns.entries()) {
        const lines = linesOf(rets[i]!);
        const expected = [...txn.expenseLines, ...txn.depositLines, ...txn.journalLines, ...txn.itemLines];
        expect(lines.map((l) => [l.txnLineId, l.amountCents])).toEqual(expected.map((l) => [l.txnLineId, l.amountCents]));
        expect(textOf(rets[i], 'EditSequence')).toBe(txn.editSequence);
      }
    }
  });

  it('reads every list’s Rets, an item’s named after its type', async () => {
    const { sim } = qbdTestCompany();
    const exchange = (xml: string) => Promise.resolve(sim.processQbxml(xml));
    const answers = await askQbxml(
      exchange,
      ['Account', 'Vendor', 'Customer', 'Class', 'Item', 'SalesTaxCode', 'PaymentMethod'].map((list) =>
        listIterates(list) ? listQuery(list, {}, 'Start') : wholeListQuery(list, {}),
      ),
      'stopOnError',
    );
    const retNames = answers.map((a) => [...new Set(a!.rets.map((r) => r.name))].sort());
    expect(retNames).toEqual([
      ['AccountRet'],
      ['VendorRet'],
      ['CustomerRet'],
      ['ClassRet'],
      ['ItemNonInventoryRet', 'ItemServiceRet'],
      ['SalesTaxCodeRet'],
      ['PaymentMethodRet'],
    ]);
    const bucket = answers[0]!.rets.find((r) => textOf(r, 'Name') === 'Uncategorized Expenses')!;
    expect(plainOf(bucket)).toMatchObject({ AccountType: 'Expense', SpecialAccountType: 'UncategorizedExpenses', IsActive: 'true' });
  });

  it('reads the Rs status and iterator attributes, in the order of the requests', async () => {
    const { sim } = qbdTestCompany();
    const exchange = (xml: string) => Promise.resolve(sim.processQbxml(xml));
    const [page, none, some, lost] = await askQbxml(
      exchange,
      [
        { ...listQuery('Vendor', {}, 'Start'), fields: [['MaxReturned', '2']] },
        {
          name: 'VendorQueryRq',
          fields: [
            [
              'NameFilter',
              [
                ['MatchCriterion', 'StartsWith'],
                ['Name', 'Nobody'],
              ],
            ],
          ],
        },
        txnByIdQuery('Check', [sim.transactions('Check')[0]!.txnId, 'FFFF-1']),
        txnQuery('Check', {}, { id: '{gone}' }),
      ],
      'continueOnError',
    );
    expect(page!.status).toMatchObject({ requestId: '1', code: 0, severity: 'Info', iteratorRemaining: sim.listEntries('Vendor').length - 2 });
    expect(page!.status.iteratorId).toMatch(/^\{.+\}$/);
    expect(page!.rets).toHaveLength(2);
    expect(none!.status).toMatchObject({ requestId: '2', code: 1, iteratorId: null, iteratorRemaining: null });
    expect(some!.status).toMatchObject({ code: 500, severity: 'Warn' });
    expect(some!.rets).toHaveLength(1);
    expect(lost!.status).toMatchObject({ code: 3120, severity: 'Error', message: expect.stringContaining('{gone}') });
  });

  it('keeps attribute values and text as strings', () => {
    const [rs] = parseQbxmlResponse(
      '<?xml version="1.0"?><QBXML><QBXMLMsgsRs><CheckQueryRs requestID="7" statusCode="0" statusSeverity="Info" statusMessage="Status OK"><CheckRet><TxnID>001</TxnID><Amount>10.50</Amount></CheckRet></CheckQueryRs></QBXMLMsgsRs></QBXML>',
    );
    expect(rs!.attrs.requestID).toBe('7');
    expect(plainOf(rs!.children[0]!)).toEqual({ TxnID: '001', Amount: '10.50' });
  });
});
