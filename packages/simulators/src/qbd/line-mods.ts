import type { QbdCompany } from './company-store.js';
import { invalidValue, missingElement, objectNotFound, type QbxmlStatus } from './qbxml-status.js';
import { isStatus, resolveRef } from './request-fields.js';
import type { BillableStatus, DepositLine, ExpenseLine, ItemLine, JournalLine, ListKind, Ref } from './types.js';

/** Request element → [line property, list kinds it may name]. */
type RefFields = Record<string, readonly [string, readonly ListKind[]]>;
import { childText, type XmlElement } from './xml-tree.js';

/** Reads `<Amount>` as cents; undefined when absent, a 3210 status when not a number. */
export function readAmount(parent: XmlElement, field = 'Amount'): number | QbxmlStatus | undefined {
  const text = childText(parent, field);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && text.trim() !== '' ? Math.round(value * 100) : invalidValue(text, field);
}

type Fields = Record<string, Ref | number | string | undefined>;

/** Resolves the refs and amount a line Mod sends; the first bad one stops it with its status. */
function readLineFields(company: QbdCompany, mod: XmlElement, refs: RefFields): Fields | QbxmlStatus {
  const fields: Fields = {};
  for (const [field, [property, kinds]] of Object.entries(refs)) {
    const ref = resolveRef(company, mod, field, kinds);
    if (isStatus(ref)) return ref;
    if (ref) fields[property] = ref;
  }
  const amount = readAmount(mod);
  if (isStatus(amount)) return amount;
  if (amount !== undefined) fields.amountCents = amount;
  for (const [element, property] of [
    ['Memo', 'memo'],
    ['CheckNumber', 'checkNumber'],
    ['Desc', 'desc'],
    ['BillableStatus', 'billableStatus'],
  ] as const) {
    const text = childText(mod, element);
    if (text !== undefined) fields[property] = text;
  }
  const quantity = childText(mod, 'Quantity');
  if (quantity !== undefined) fields.quantity = Number(quantity);
  return fields;
}

/**
 * Applies line Mods the way INTEGRATIONS.md §3.6 describes: when any line Mod is sent, lines left
 * out are removed; `TxnLineID` -1 adds a line; an existing id changes only the fields sent; `clear`
 * drops every existing line first. A TxnLineID the transaction does not have answers 3120.
 */
function applyLineMods<L extends { txnLineId: string }>(
  company: QbdCompany,
  existing: L[],
  mods: XmlElement[],
  clear: boolean,
  build: (mod: XmlElement, base: L | undefined) => L | QbxmlStatus,
): L[] | QbxmlStatus {
  if (mods.length === 0) return clear ? [] : existing;
  const lines: L[] = [];
  for (const mod of mods) {
    const txnLineId = childText(mod, 'TxnLineID');
    if (txnLineId === undefined) return missingElement(`${mod.name}/TxnLineID`);
    const base = txnLineId === '-1' ? undefined : (clear ? [] : existing).find((line) => line.txnLineId === txnLineId);
    if (txnLineId !== '-1' && !base) return objectNotFound(txnLineId);
    const line = build(mod, base);
    if (isStatus(line)) return line;
    lines.push(txnLineId === '-1' ? { ...line, txnLineId: company.newTxnId() } : line);
  }
  return lines;
}

/** Builds a line from its base and the fields a Mod sent, checking the fields a new line needs. */
function merged<L>(company: QbdCompany, refs: RefFields, required: string[]) {
  return (mod: XmlElement, base: L | undefined): L | QbxmlStatus => {
    const fields = readLineFields(company, mod, refs);
    if (isStatus(fields)) return fields;
    const line = { ...(base ?? { txnLineId: '-1' }), ...fields } as Record<string, unknown>;
    const absent = required.find((property) => line[property] === undefined);
    return absent ? missingElement(`${mod.name}/${absent}`) : (line as L);
  };
}

export function modExpenseLines(company: QbdCompany, txnMod: XmlElement, existing: ExpenseLine[]): ExpenseLine[] | QbxmlStatus {
  const mods = txnMod.children.filter((each) => each.name === 'ExpenseLineMod');
  const refs: RefFields = { AccountRef: ['account', ['Account']], CustomerRef: ['customer', ['Customer']], ClassRef: ['class', ['Class']] };
  const build = merged<ExpenseLine>(company, refs, ['account', 'amountCents']);
  const checked = (mod: XmlElement, base: ExpenseLine | undefined): ExpenseLine | QbxmlStatus => {
    const status = childText(mod, 'BillableStatus');
    if (status !== undefined && !['Billable', 'NotBillable', 'HasBeenBilled'].includes(status)) return invalidValue(status, 'BillableStatus');
    const line = build(mod, base);
    return isStatus(line) ? line : { ...line, ...(status ? { billableStatus: status as BillableStatus } : {}) };
  };
  return applyLineMods(company, existing, mods, childText(txnMod, 'ClearExpenseLines') === 'true', checked);
}

export function modDepositLines(company: QbdCompany, txnMod: XmlElement, existing: DepositLine[]): DepositLine[] | QbxmlStatus {
  const mods = txnMod.children.filter((each) => each.name === 'DepositLineMod');
  const refs: RefFields = {
    EntityRef: ['entity', ['Customer', 'Vendor']],
    AccountRef: ['account', ['Account']],
    PaymentMethodRef: ['paymentMethod', ['PaymentMethod']],
    ClassRef: ['class', ['Class']],
  };
  return applyLineMods(company, existing, mods, false, merged<DepositLine>(company, refs, ['account', 'amountCents']));
}

export function modSalesReceiptLines(company: QbdCompany, txnMod: XmlElement, existing: ItemLine[]): ItemLine[] | QbxmlStatus {
  const mods = txnMod.children.filter((each) => each.name === 'SalesReceiptLineMod');
  const refs: RefFields = { ItemRef: ['item', ['Item']], ClassRef: ['class', ['Class']], SalesTaxCodeRef: ['salesTaxCode', ['SalesTaxCode']] };
  return applyLineMods(company, existing, mods, false, merged<ItemLine>(company, refs, ['item', 'amountCents']));
}

export function modJournalLines(company: QbdCompany, txnMod: XmlElement, existing: JournalLine[]): JournalLine[] | QbxmlStatus {
  const mods = txnMod.children.filter((each) => each.name === 'JournalLineMod');
  const refs: RefFields = { AccountRef: ['account', ['Account']], EntityRef: ['entity', ['Customer', 'Vendor']], ClassRef: ['class', ['Class']] };
  const build = merged<JournalLine>(company, refs, ['account', 'amountCents']);
  const withSide = (mod: XmlElement, base: JournalLine | undefined): JournalLine | QbxmlStatus => {
    const side = childText(mod, 'JournalLineType') ?? base?.side;
    if (side !== 'Debit' && side !== 'Credit') return side === undefined ? missingElement('JournalLineMod/JournalLineType') : invalidValue(side, 'JournalLineType');
    const line = build(mod, base);
    return isStatus(line) ? line : { ...line, side };
  };
  const lines = applyLineMods(company, existing, mods, false, withSide);
  if (isStatus(lines)) return lines;
  const balance = lines.reduce((sum, line) => sum + (line.side === 'Debit' ? line.amountCents : -line.amountCents), 0);
  // QuickBooks refuses an unbalanced journal; the code it answers with is UNCONFIRMED (3210 here).
  return balance === 0 ? lines : invalidValue((balance / 100).toFixed(2), 'JournalEntryMod (debits minus credits)');
}
