import { describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { COMPANY, freshCursor, pullPages, qbdTestCompany, recordsOf, referencesOf } from './qbd-test-company.js';

describe('QuickBooks Desktop adapter', () => {
  it('makes a vendor, a customer and an account, and answers with QuickBooks’ ListID', async () => {
    const { adapter, sim } = qbdTestCompany();
    const vendor = await adapter.createListEntry(COMPANY, { kind: 'VENDOR', name: 'Northwind Paper' });
    const customer = await adapter.createListEntry(COMPANY, { kind: 'CUSTOMER', name: 'Fabrikam' });
    const account = await adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Software', accountType: 'Expense', accountSubtype: null });
    expect(vendor).toMatchObject({ kind: 'created', externalId: sim.listEntries('Vendor').find((v) => v.name === 'Northwind Paper')!.listId });
    expect(customer).toMatchObject({ kind: 'created', externalId: sim.listEntries('Customer').find((v) => v.name === 'Fabrikam')!.listId });
    const made = sim.listEntries('Account').find((a) => a.name === 'Software')!;
    expect(account).toMatchObject({ kind: 'created', externalId: made.listId });
    expect(made.accountType).toBe('Expense');
  });

  it('answers an Add whose name QuickBooks already holds with the existing entry, so a retried run does not fail on its own Add', async () => {
    const { adapter, sim } = qbdTestCompany();
    const staples = sim.listEntries('Vendor').find((v) => v.name === 'Staples')!;
    expect(await adapter.createListEntry(COMPANY, { kind: 'VENDOR', name: 'Staples' })).toMatchObject({ kind: 'created', externalId: staples.listId });
    const first = await adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Dues', accountType: 'Expense', accountSubtype: null });
    const again = await adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Dues', accountType: 'Expense', accountSubtype: null });
    expect(again).toEqual(first);
    expect(sim.processed().at(-2)?.statusCodes).toEqual([3100]);
    expect(sim.listEntries('Account').filter((a) => a.name === 'Dues')).toHaveLength(1);
  });

  it('refuses, in QuickBooks’ words, a name held by the other list of names, and an account type it does not have', async () => {
    const { adapter } = qbdTestCompany();
    // Vendors and customers share QuickBooks' one list of names.
    const clash = await adapter.createListEntry(COMPANY, { kind: 'CUSTOMER', name: 'Staples' });
    expect(clash).toEqual({ kind: 'refused', message: 'The name "Staples" of the list element is already in use.' });
    const type = await adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Odd', accountType: 'Nonsense', accountSubtype: null });
    expect(type.kind).toBe('refused');
  });

  it('refuses a name longer than qbXML takes without sending it: QuickBooks would refuse the whole document', async () => {
    const { adapter, sent } = qbdTestCompany();
    const account = await adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Professional Development Courses', accountType: 'Expense', accountSubtype: null });
    expect(account).toEqual({
      kind: 'refused',
      message: 'QuickBooks Desktop takes an account name of at most 31 characters; “Professional Development Courses” has 32.',
    });
    const vendor = await adapter.createListEntry(COMPANY, { kind: 'VENDOR', name: 'V'.repeat(42) });
    expect(vendor).toMatchObject({ kind: 'refused', message: expect.stringContaining('a vendor name of at most 41 characters') });
    expect(sent).toEqual([]);
    expect(await adapter.createListEntry(COMPANY, { kind: 'CUSTOMER', name: 'C'.repeat(41) })).toMatchObject({ kind: 'created' });
  });

  it('refuses an Add QuickBooks refused (3210), with QuickBooks’ message', async () => {
    // The simulated QuickBooks answers no Add with 3210 (a value outside the schema is refused whole
    // before any request runs), so QuickBooks' answer is written out here.
    const answer =
      '<?xml version="1.0" ?><QBXML><QBXMLMsgsRs><VendorAddRs requestID="1" statusCode="3210" statusSeverity="Error" statusMessage="The &quot;Name&quot; field has an invalid value &quot;Anyone&quot;." /></QBXMLMsgsRs></QBXML>';
    const { adapter } = qbdTestCompany({}, () => () => Promise.resolve(answer));
    const outcome = await adapter.createListEntry(COMPANY, { kind: 'VENDOR', name: 'Anyone' });
    expect(outcome).toEqual({ kind: 'refused', message: 'The "Name" field has an invalid value "Anyone".' });
  });

  it('reads transactions again, a deleted one back as deleted, one query per kind', async () => {
    const { adapter, sim, sent } = qbdTestCompany();
    const pages = await pullPages(adapter, freshCursor());
    const references = referencesOf(pages);
    const check = sim.transactions('Check')[0]!;
    const bill = sim.transactions('Bill')[0]!;
    sim.editTransaction(check.txnId, (txn) => {
      txn.memo = 'Edited';
    });
    sent.length = 0;
    const read: LedgerRecord[] = [];
    const targets = [
      { externalId: check.txnId, entityType: 'Check' },
      { externalId: 'FFFF-1', entityType: 'Check' },
      { externalId: bill.txnId, entityType: 'Bill' },
      { externalId: 'FFFF-2', entityType: 'Deposit' },
    ];
    for await (const batch of adapter.reread(COMPANY, targets, references)) read.push(...batch);
    expect(sent).toHaveLength(3);
    expect(read.map((r) => [r.externalId, r.deleted])).toEqual([
      [check.txnId, false],
      ['FFFF-1', true],
      [bill.txnId, false],
      ['FFFF-2', true],
    ]);
    expect(read[0]!.version).toBe(sim.company.getTxn(check.txnId)!.editSequence);
    expect(read[2]).toEqual(recordsOf(pages).find((r) => r.externalId === bill.txnId));
  });

  it('has no sign-in to start or revoke', async () => {
    const { adapter } = qbdTestCompany();
    expect(adapter).toMatchObject({ kind: 'QBD', displayName: 'QuickBooks Desktop', remote: true });
    expect(() => adapter.connect({ state: 's', signup: false })).toThrow(/Web Connector/);
    expect(() => adapter.reauthorize(COMPANY, 's')).toThrow(/Web Connector/);
    await expect(adapter.revoke(COMPANY)).resolves.toEqual({ kind: 'nothing-to-revoke' });
    expect(adapter.attachFiles).toBeUndefined();
    expect(adapter.listFiles).toBeUndefined();
  });
});
