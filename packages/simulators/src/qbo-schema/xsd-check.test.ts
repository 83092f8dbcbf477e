import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkValue, qboSchema, readXsd, XsdRules } from './index.js';

const schema = qboSchema();
const ref = (value: string) => ({ value });
const expenseLine = (detail: Record<string, unknown> = {}) => ({
  Amount: 12.5,
  DetailType: 'AccountBasedExpenseLineDetail',
  AccountBasedExpenseLineDetail: { AccountRef: ref('7'), ...detail },
});

describe("Intuit's entity schemas as JSON rules", () => {
  it('takes a purchase as QuickBooks writes it: the base types’ keys, attributes, lists and references', () => {
    const purchase = {
      Id: '12',
      SyncToken: '3',
      MetaData: { CreateTime: '2026-01-02T10:00:00-08:00', LastUpdatedTime: '2026-01-02T10:00:00-08:00' },
      domain: 'QBO',
      sparse: true,
      TxnDate: '2026-01-02',
      DepartmentRef: { value: '1', name: 'Downtown' },
      PaymentType: 'CreditCard',
      Credit: true,
      AccountRef: ref('41'),
      EntityRef: { value: '5', name: 'Chin’s Gas', type: 'Vendor' },
      // TxnId and TxnNum come in through a group (TxnReferenceGroup).
      TxnNum: '88',
      Line: [
        { Id: '1', LineNum: 1, ...expenseLine({ BillableStatus: 'NotBillable', ClassRef: ref('3'), CustomerRef: ref('9') }) },
        // An extension placeholder (IntuitAnyType) takes anything.
        { ...expenseLine(), LineEx: { any: ['thing'] } },
      ],
      TotalAmt: 25,
    };
    expect(schema.checkElement('Purchase', purchase)).toEqual([]);
  });

  it('names a key the schema does not define, at its place, with the file and type that say so', () => {
    const problems = schema.checkElement('Purchase', { Line: [expenseLine({ ClassRefs: ref('3') })], Memo: 'fine', Payee: 'not a field' });
    expect(problems).toEqual([
      'Purchase.Line[0].AccountBasedExpenseLineDetail has "ClassRefs", which Finance.xsd (AccountBasedExpenseLineDetail) does not define',
      'Purchase has "Payee", which Finance.xsd (Purchase) does not define',
    ]);
  });

  it('allows only the spellings of an enumeration', () => {
    expect(schema.checkElement('Purchase', { PaymentType: 'Card' })).toEqual([
      'Purchase.PaymentType must be one of Cash, Check, CreditCard, Expense, Other (Finance.xsd, PaymentTypeEnum), not "Card"',
    ]);
    expect(schema.checkElement('Account', { AccountType: 'Accounts Receivable', Classification: 'Asset' })).toEqual([]);
    expect(schema.checkElement('Account', { AccountType: 'AccountsReceivable' })[0]).toMatch(
      /^Account\.AccountType must be one of Bank, Accounts Receivable, .*\(Finance\.xsd, AccountTypeEnum\)/,
    );
  });

  it('wants a list where an element repeats and a single value where it does not', () => {
    expect(schema.checkElement('Purchase', { Line: expenseLine(), AccountRef: [ref('41')] })).toEqual([
      'Purchase.Line must be a list (Finance.xsd, Purchase: Line is Line, repeating)',
      'Purchase.AccountRef must be a single value, not a list (Finance.xsd, Purchase: AccountRef is ReferenceType, at most once)',
    ]);
  });

  it('reads QuickBooks’ JSON kinds: decimals as numbers, booleans as true or false, a reference as an object', () => {
    expect(schema.checkElement('Purchase', { Credit: 'true', Line: [{ Amount: '12.50', DetailType: 'DescriptionOnly' }], AccountRef: '41' })).toEqual([
      'Purchase.Credit must be true or false, not the text "true" (Finance.xsd, Purchase: Credit is xs:boolean)',
      'Purchase.Line[0].Amount must be a number, not the text "12.50" (Finance.xsd, Line: Amount is xs:decimal)',
      'Purchase.AccountRef must be an object of IntuitBaseTypes.xsd (ReferenceType), not the text "41"',
    ]);
    expect(schema.checkElement('Purchase', { AccountRef: { value: '41', id: '41' } })).toEqual([
      'Purchase.AccountRef has "id", which IntuitBaseTypes.xsd (ReferenceType) does not define',
    ]);
  });

  it('allows one branch of a choice: one detail on a line, one entity or query in a batch item', () => {
    const line = { ...expenseLine(), DepositLineDetail: { AccountRef: ref('7') } };
    expect(schema.checkElement('Deposit', { Line: [line] })).toEqual([
      'Deposit.Line[0] has "AccountBasedExpenseLineDetail" and "DepositLineDetail", of which Finance.xsd (Line) allows only one (xs:choice)',
    ]);
    const batch = {
      BatchItemRequest: [
        { bId: '1', operation: 'update', Purchase: { Id: '1' }, Bill: { Id: '2' } },
        { bId: '2', Query: 'select * from Bill', Purchase: {} },
      ],
    };
    expect(schema.checkType('IntuitBatchRequest', batch)).toEqual([
      'BatchItemRequest[0] has "Purchase" and "Bill", of which IntuitRestServiceDef.xsd (BatchItemRequest) allows only one (xs:choice)',
      'BatchItemRequest[1] has "Purchase" and "Query", of which IntuitRestServiceDef.xsd (BatchItemRequest) allows only one (xs:choice)',
    ]);
  });

  it('judges every entity a batch item carries by its own type, and the item’s attributes', () => {
    const batch = {
      BatchItemRequest: [
        { bId: '1', operation: 'upsert', JournalEntry: { Line: [{ DetailType: 'JournalEntryLineDetail', JournalEntryLineDetail: { PostingType: 'Dr' } }] } },
      ],
    };
    expect(schema.checkType('IntuitBatchRequest', batch)).toEqual([
      'BatchItemRequest[0].operation must be one of create, update, revert, delete, void, send, merge (IntuitRestServiceDef.xsd, OperationEnum), not "upsert"',
      'BatchItemRequest[0].JournalEntry.Line[0].JournalEntryLineDetail.PostingType must be one of Credit, Debit (Finance.xsd, PostingTypeEnum), not "Dr"',
    ]);
  });

  it('judges answers as an IntuitResponse: any entity in a QueryResponse, CDC and batch envelopes, faults', () => {
    const answer = {
      QueryResponse: { Purchase: [{ Id: '1', Line: [expenseLine()] }], Bill: [{ Id: '2' }], startPosition: 1, maxResults: 2 },
      time: '2026-01-02T10:00:00.000-08:00',
    };
    expect(schema.checkType('IntuitResponse', answer)).toEqual([]);
    const cdc = { CDCResponse: [{ QueryResponse: [{ Purchase: [{ Id: '1', status: 'Deleted', domain: 'QBO' }] }, {}] }], time: 't' };
    expect(schema.checkType('IntuitResponse', cdc)).toEqual([]);
    const fault = { Fault: { Error: [{ Message: 'Stale Object Error', Detail: '…', code: '5010', element: '' }], type: 'ValidationFault' }, time: 't' };
    expect(schema.checkType('IntuitResponse', fault)).toEqual([]);
    expect(schema.checkType('IntuitResponse', { QueryResponse: { Purchases: [] }, BatchItemResponse: [{ bId: '1', Purchase: { Id: '1', status: 'Gone' } }] })).toEqual([
      'QueryResponse has "Purchases", which IntuitRestServiceDef.xsd (QueryResponse) does not define',
      'BatchItemResponse[0].Purchase.status must be one of Deleted, Voided, Draft, Pending, InTransit, Synchronized, SyncError (IntuitBaseTypes.xsd, EntityStatusEnum), not "Gone"',
      'the body has "QueryResponse" and "BatchItemResponse", of which IntuitRestServiceDef.xsd (IntuitResponse) allows only one (xs:choice)',
    ]);
  });

  it('follows a type into itself: a group line holds lines', () => {
    const group = {
      DetailType: 'GroupLineDetail',
      GroupLineDetail: { GroupItemRef: ref('4'), Line: [{ DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { Qty: '2' } }] },
    };
    expect(schema.checkElement('SalesReceipt', { Line: [group] })).toEqual([
      'SalesReceipt.Line[0].GroupLineDetail.Line[0].SalesItemLineDetail.Qty must be a number, not the text "2" (Finance.xsd, SalesItemLineDetail: Qty is xs:decimal)',
    ]);
  });

  it('reads element references, all-groups, inline types and extensions of a schema of its own', () => {
    const directory = mkdtempSync(join(tmpdir(), 'xsd-'));
    writeFileSync(
      join(directory, 'base.xsd'),
      `<?xml version="1.0"?>
      <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
        <xs:element name="Note" type="xs:string"/>
        <xs:complexType name="Base"><xs:all><xs:element name="Id" type="xs:string"/></xs:all></xs:complexType>
      </xs:schema>`,
    );
    writeFileSync(
      join(directory, 'main.xsd'),
      `\uFEFF<?xml version="1.0"?>
      <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
        <xs:include schemaLocation="base.xsd"/>
        <xs:complexType name="Thing">
          <xs:complexContent><xs:extension base="Base"><xs:sequence>
            <xs:element ref="Note" maxOccurs="unbounded"/>
            <xs:element name="Size"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="S"/><xs:enumeration value="L"/></xs:restriction></xs:simpleType></xs:element>
            <xs:element name="Box"><xs:complexType><xs:sequence><xs:element name="Depth" type="xs:int"/></xs:sequence></xs:complexType></xs:element>
          </xs:sequence></xs:extension></xs:complexContent>
        </xs:complexType>
      </xs:schema>`,
    );
    const rules = new XsdRules(readXsd('main.xsd', pathToFileURL(`${directory}/`)));
    expect(checkValue(rules.typeRule('Thing'), { Id: '1', Note: ['a', 'b'], Size: 'L', Box: { Depth: 3 } }, 'Thing')).toEqual([]);
    expect(checkValue(rules.typeRule('Thing'), { Note: 'a', Size: 'M', Box: { Depth: 3, Width: 1 } }, 'Thing')).toEqual([
      'Thing.Note must be a list (main.xsd, Thing: Note is xs:string, repeating)',
      'Thing.Size must be one of S, L (main.xsd, Thing.Size), not "M"',
      'Thing.Box has "Width", which main.xsd (Thing.Box) does not define',
    ]);
  });
});
