import { COMPANY_ENTITIES, isTransactionEntity, NAME_ENTITIES } from './entities.js';
import { asArray, isJsonObject, type JsonObject, type JsonValue } from './types.js';

/**
 * Fields QBO derives itself on every create and update: line ids, TotalAmt from the lines,
 * DisplayName and FullyQualifiedName, Classification and Active defaults. Clients read them back,
 * so the simulator computes them the same way rather than trusting what was sent.
 */
export function normalizeEntity(entity: string, body: JsonObject, lookupName: (ref: JsonValue | undefined) => string | undefined): JsonObject {
  const row: JsonObject = { ...body };
  if (isTransactionEntity(entity)) normalizeTransaction(entity, row);
  if ((NAME_ENTITIES as readonly string[]).includes(entity)) {
    row.DisplayName ??= deriveDisplayName(row);
    if (entity === 'Customer') row.FullyQualifiedName = fullName(row, 'DisplayName', lookupName);
  }
  if (['Account', 'Class', 'Department', 'Item'].includes(entity)) {
    row.FullyQualifiedName = fullName(row, 'Name', lookupName);
    if (entity !== 'Item') row[subFlag(entity)] = isJsonObject(row.ParentRef);
  }
  if (entity === 'Account' && typeof row.AccountType === 'string') {
    row.Classification = classificationOf(row.AccountType);
    row.CurrentBalance ??= 0;
    row.CurrentBalanceWithSubAccounts ??= 0;
  }
  // Lists have Active; a transaction, an attachment and the company's own CompanyInfo and Preferences do not.
  const activeless = isTransactionEntity(entity) || entity === 'Attachable' || (COMPANY_ENTITIES as readonly string[]).includes(entity);
  if (!activeless && row.Active === undefined) row.Active = true;
  return row;
}

/** Amounts are summed in cents: QBO money has two decimals and floats must not drift. */
export function toCents(value: JsonValue | undefined): number {
  return typeof value === 'number' ? Math.round(value * 100) : 0;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

function normalizeTransaction(entity: string, row: JsonObject): void {
  const lines = asArray(row.Line).filter(isJsonObject);
  let next = 1 + Math.max(0, ...lines.map((line) => Number(line.Id) || 0));
  row.Line = lines.map((line, index) => {
    const copy: JsonObject = { ...line, LineNum: index + 1 };
    if (copy.DetailType !== 'SubTotalLineDetail' && (typeof copy.Id !== 'string' || copy.Id === '')) copy.Id = String(next++);
    return copy;
  });
  const total = totalCents(entity, row);
  row.TotalAmt = fromCents(total);
  if (entity === 'Bill' || entity === 'VendorCredit') row.Balance ??= fromCents(total);
  if (entity === 'SalesReceipt') row.Balance = 0;
  if (entity === 'JournalEntry') row.Adjustment ??= false;
  row.CurrencyRef ??= { value: 'USD', name: 'United States Dollar' };
}

function totalCents(entity: string, row: JsonObject): number {
  const lines = asArray(row.Line).filter(isJsonObject);
  const counted = lines.filter((line) => !['SubTotalLineDetail', 'DescriptionOnly', 'GroupLineDetail'].includes(String(line.DetailType)));
  if (entity === 'JournalEntry') {
    return counted
      .filter((line) => isJsonObject(line.JournalEntryLineDetail) && line.JournalEntryLineDetail.PostingType === 'Debit')
      .reduce((sum, line) => sum + toCents(line.Amount), 0);
  }
  const sum = counted.reduce((total, line) => {
    const sign = line.DetailType === 'DiscountLineDetail' ? -1 : 1;
    return total + sign * toCents(line.Amount);
  }, 0);
  if (entity === 'Deposit' && isJsonObject(row.CashBack)) return sum - toCents(row.CashBack.Amount);
  return sum;
}

function deriveDisplayName(row: JsonObject): string | undefined {
  const person = [row.Title, row.GivenName, row.MiddleName, row.FamilyName, row.Suffix].filter((part) => typeof part === 'string' && part !== '');
  if (person.length > 0) return person.join(' ');
  return typeof row.CompanyName === 'string' && row.CompanyName !== '' ? row.CompanyName : undefined;
}

function fullName(row: JsonObject, nameField: string, lookupName: (ref: JsonValue | undefined) => string | undefined): JsonValue | undefined {
  const own = row[nameField];
  if (typeof own !== 'string') return own;
  const parent = lookupName(row.ParentRef);
  return parent ? `${parent}:${own}` : own;
}

function subFlag(entity: string): string {
  return entity === 'Account' ? 'SubAccount' : entity === 'Class' ? 'SubClass' : 'SubDepartment';
}

const CLASSIFICATION: Record<string, string> = {
  Bank: 'Asset',
  'Accounts Receivable': 'Asset',
  'Other Current Asset': 'Asset',
  'Fixed Asset': 'Asset',
  'Other Asset': 'Asset',
  'Accounts Payable': 'Liability',
  'Credit Card': 'Liability',
  'Other Current Liability': 'Liability',
  'Long Term Liability': 'Liability',
  Equity: 'Equity',
  Income: 'Revenue',
  'Other Income': 'Revenue',
  'Cost of Goods Sold': 'Expense',
  Expense: 'Expense',
  'Other Expense': 'Expense',
};

export function classificationOf(accountType: string): string | undefined {
  return CLASSIFICATION[accountType];
}
