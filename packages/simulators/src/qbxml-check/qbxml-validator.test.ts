import { describe, expect, it } from 'vitest';
import { judgeQbxml } from './qbxml-validator.js';
import { qbxmlRules } from './rule-files.js';

const request = (body: string, envelope = '<QBXMLMsgsRq onError="stopOnError">') =>
  `<?xml version="1.0" encoding="utf-8"?><?qbxml version="13.0"?><QBXML>${envelope}${body}</QBXMLMsgsRq></QBXML>`;
const problemsOf = (body: string, envelope?: string) => judgeQbxml(request(body, envelope), 'request').problems;
const since = '<FromModifiedDate>2026-11-01T10:00:00+00:00</FromModifiedDate>';

describe('the qbXML 13.0 rules', () => {
  it('name their source and cover every message Herd sends and every answer it reads', () => {
    const rules = qbxmlRules();
    expect(rules.source).toMatchObject({ schema: 'Intuit qbXML', version: '13.0', repository: expect.stringContaining('hotgluexyz/qbwc-common') });
    for (const message of ['AccountQueryRq', 'VendorQueryRs', 'CheckModRq', 'JournalEntryModRs', 'VendorAddRq', 'HostQueryRs']) expect(rules.messages).toContain(message);
    expect(rules.complexTypes.AccountQueryRqType?.from).toBe('qbxmlops130.xsd');
    expect(rules.groups.ListFilter?.from).toBe('qbxml130.xsd');
  });
});

describe('judging a qbXML request document', () => {
  it('takes a document in schema order', () => {
    const judged = judgeQbxml(
      request(
        `<VendorQueryRq requestID="1" iterator="Start"><MaxReturned>500</MaxReturned><ActiveStatus>All</ActiveStatus>${since}</VendorQueryRq>` +
          '<CheckQueryRq requestID="2"><TxnID>1-2</TxnID><TxnID>3-4</TxnID><IncludeLineItems>true</IncludeLineItems></CheckQueryRq>',
      ),
      'request',
    );
    expect(judged).toEqual({ messages: ['VendorQueryRq', 'CheckQueryRq'], problems: [], notDerived: [] });
  });

  it('says which element must come first, naming the type and the group the order is written in', () => {
    expect(problemsOf(`<AccountQueryRq requestID="1"><MaxReturned>5</MaxReturned>${since}<ActiveStatus>All</ActiveStatus></AccountQueryRq>`)).toEqual([
      'AccountQueryRq: ActiveStatus must come before FromModifiedDate (qbxmlops130.xsd, AccountQueryRqType; its group ListFilter, qbxml130.xsd)',
    ]);
    expect(
      problemsOf('<CheckModRq><CheckMod><TxnID>1</TxnID><EditSequence>2</EditSequence><TxnDate>2026-01-01</TxnDate><RefNumber>9</RefNumber></CheckMod></CheckModRq>'),
    ).toEqual(['CheckModRq/CheckMod: RefNumber must come before TxnDate (qbxml130.xsd, CheckMod)']);
  });

  it('refuses an attribute the type does not have: AccountQuery takes no iterator', () => {
    expect(problemsOf('<AccountQueryRq requestID="1" iterator="Start"><MaxReturned>500</MaxReturned></AccountQueryRq>')).toEqual([
      'AccountQueryRq: iterator is not an attribute of AccountQueryRqType (qbxmlops130.xsd, AccountQueryRqType)',
    ]);
    expect(problemsOf('<VendorQueryRq iterator="Begin"/>')).toEqual([
      'VendorQueryRq @iterator: "Begin" is not one of Start, Continue, Stop (qbxmlops130.xsd, VendorQueryRqType)',
    ]);
  });

  it('tells alternatives apart from order, and says what is required or unknown', () => {
    expect(
      problemsOf(
        `<CheckQueryRq><ModifiedDateRangeFilter>${since}</ModifiedDateRangeFilter><TxnDateRangeFilter><FromTxnDate>2026-01-01</FromTxnDate></TxnDateRangeFilter></CheckQueryRq>`,
      ),
    ).toEqual(['CheckQueryRq: TxnDateRangeFilter cannot be sent with ModifiedDateRangeFilter: the schema takes one or the other (qbxmlops130.xsd, CheckQueryRqType)']);
    expect(problemsOf('<CheckModRq requestID="1"/>')).toEqual(['CheckModRq: CheckMod is required (qbxmlops130.xsd, CheckModRqType)']);
    expect(problemsOf('<CustomerAddRq><CustomerAdd><IsActive>true</IsActive></CustomerAdd></CustomerAddRq>')).toEqual([
      'CustomerAddRq/CustomerAdd: IsActive is not allowed first; expected Name (qbxml130.xsd, CustomerAdd)',
    ]);
    expect(problemsOf('<CheckQueryRq><Colour>red</Colour></CheckQueryRq>')).toEqual([
      'CheckQueryRq: Colour is not an element of CheckQueryRqType (qbxmlops130.xsd, CheckQueryRqType)',
    ]);
    expect(problemsOf('<BogusQueryRq/>')).toEqual(['QBXMLMsgsRq: BogusQueryRq is not an element of QBXMLMsgsRq (qbxmlops130.xsd, QBXMLMsgsRq)']);
  });

  it('judges values: enumerations, lengths, amounts, dates, booleans and numbers', () => {
    expect(problemsOf('<AccountAddRq><AccountAdd><Name>Suspense</Name><AccountType>Suspense</AccountType></AccountAdd></AccountAddRq>')[0]).toMatch(
      /^AccountAddRq\/AccountAdd\/AccountType: "Suspense" is not one of AccountsPayable, .*OtherIncome \(qbxml130\.xsd, AccountType\)$/,
    );
    expect(problemsOf(`<VendorAddRq><VendorAdd><Name>${'N'.repeat(42)}</Name></VendorAdd></VendorAddRq>`)).toEqual([
      `VendorAddRq/VendorAdd/Name: "${'N'.repeat(42)}" is 42 characters long; at most 41 are allowed (qbxml130.xsd, VendorAdd/Name)`,
    ]);
    const line = (amount: string, billable: string) =>
      `<CheckModRq><CheckMod><TxnID>1</TxnID><EditSequence>2</EditSequence><ExpenseLineMod><TxnLineID>-1</TxnLineID><Amount>${amount}</Amount><BillableStatus>${billable}</BillableStatus></ExpenseLineMod></CheckMod></CheckModRq>`;
    expect(problemsOf(line('12.50', 'Billable'))).toEqual([]);
    expect(problemsOf(line('12.5', 'Maybe'))).toEqual([
      'CheckModRq/CheckMod/ExpenseLineMod/Amount: "12.5" does not match the pattern ([+\\-]?[0-9]{1,13}(\\.[0-9]{2})?)? (qbxmltypes130.xsd, AMTTYPE)',
      'CheckModRq/CheckMod/ExpenseLineMod/BillableStatus: "Maybe" is not one of Billable, NotBillable, HasBeenBilled (qbxml130.xsd, BillableStatus)',
    ]);
    expect(
      problemsOf(
        '<CheckQueryRq><MaxReturned>0</MaxReturned><TxnDateRangeFilter><FromTxnDate>2026-13</FromTxnDate></TxnDateRangeFilter><IncludeLineItems>yes</IncludeLineItems></CheckQueryRq>',
      ),
    ).toEqual([
      'CheckQueryRq/MaxReturned: 0 is less than 1 (qbxml130.xsd, MaxReturned)',
      'CheckQueryRq/TxnDateRangeFilter/FromTxnDate: "2026-13" is not an xsd:date; nor "2026-13" is not one of "" (qbxmltypes130.xsd, DATETYPE)',
      'CheckQueryRq/IncludeLineItems: "yes" is not an xsd:boolean; nor "yes" is not one of "" (qbxmltypes130.xsd, BOOLTYPE)',
    ]);
  });

  it('judges the envelope: the qbxml version line, the root, the message set and onError', () => {
    expect(judgeQbxml('<?xml version="1.0"?><QBXML><QBXMLMsgsRq onError="stopOnError"><HostQueryRq/></QBXMLMsgsRq></QBXML>', 'request').problems).toEqual([
      'the document has no <?qbxml version="13.0"?> line; QuickBooks reads the version from it',
    ]);
    expect(problemsOf('<HostQueryRq/>', '<QBXMLMsgsRq onError="stopOnErrors">')).toEqual([
      'QBXMLMsgsRq @onError: "stopOnErrors" is not one of continueOnError, rollbackOnError, stopOnError (qbxmlops130.xsd, QBXMLMsgsRq)',
    ]);
    expect(problemsOf('<HostQueryRq/>', '<QBXMLMsgsRq>')).toEqual(['QBXMLMsgsRq: the attribute onError is required (qbxmlops130.xsd, QBXMLMsgsRq)']);
    expect(judgeQbxml('<?qbxml version="13.0"?><QBXMLRq/>', 'request').problems).toEqual(["the document's one element must be QBXML"]);
    expect(judgeQbxml(request('<HostQueryRq>'), 'request').problems).toEqual([
      "the document is not well-formed XML: Expected closing tag 'HostQueryRq' (opened in line 1, col 105) instead of closing tag 'QBXMLMsgsRq'. (line 1)",
    ]);
    expect(judgeQbxml(request('<HostQueryRq/>'), 'response').problems).toEqual(['a response document holds QBXMLMsgsRs (qbxmlops130.xsd, QBXML)']);
  });

  it('knows a qbXML message the rules were not derived for, apart from one qbXML does not have', () => {
    expect(judgeQbxml(request('<InvoiceQueryRq requestID="1"/>'), 'request')).toEqual({ messages: ['InvoiceQueryRq'], problems: [], notDerived: ['InvoiceQueryRq'] });
  });
});

describe('judging a qbXML response document', () => {
  it('holds the answer to the schema: status attributes, Rets in order', () => {
    const rs = (attrs: string, ret: string) => `<?xml version="1.0"?><QBXML><QBXMLMsgsRs><AccountQueryRs ${attrs}>${ret}</AccountQueryRs></QBXMLMsgsRs></QBXML>`;
    const ret = '<AccountRet><ListID>1</ListID><Name>Checking</Name><IsActive>true</IsActive><AccountType>Bank</AccountType></AccountRet>';
    expect(judgeQbxml(rs('requestID="1" statusCode="0" statusSeverity="Info"', ret), 'response').problems).toEqual([]);
    expect(
      judgeQbxml(
        rs('statusCode="zero"', ret.replace('<IsActive>true</IsActive><AccountType>Bank</AccountType>', '<AccountType>Bank</AccountType><IsActive>true</IsActive>')),
        'response',
      ).problems,
    ).toEqual([
      'AccountQueryRs @statusCode: "zero" is not an xsd:integer (qbxmlops130.xsd, AccountQueryRsType)',
      'AccountQueryRs: the attribute statusSeverity is required (qbxmlops130.xsd, AccountQueryRsType)',
      'AccountQueryRs/AccountRet: IsActive must come before AccountType (qbxml130.xsd, AccountRet)',
    ]);
  });
});
