import type { EndpointSpec } from './endpoints.js';
import { findAccount } from './resolve.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject, type Prepared, type XeroRecord } from './types.js';

/** Account types and the class each reports under (Class is read-only, derived from Type). */
export const ACCOUNT_CLASS: Record<string, string> = {
  BANK: 'ASSET',
  CURRENT: 'ASSET',
  FIXED: 'ASSET',
  INVENTORY: 'ASSET',
  NONCURRENT: 'ASSET',
  PREPAYMENT: 'ASSET',
  CURRLIAB: 'LIABILITY',
  LIABILITY: 'LIABILITY',
  TERMLIAB: 'LIABILITY',
  PAYG: 'LIABILITY',
  EQUITY: 'EQUITY',
  DEPRECIATN: 'EXPENSE',
  DIRECTCOSTS: 'EXPENSE',
  EXPENSE: 'EXPENSE',
  OVERHEADS: 'EXPENSE',
  OTHERINCOME: 'REVENUE',
  REVENUE: 'REVENUE',
  SALES: 'REVENUE',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Another live record of the endpoint already using this value of `field` (case-insensitive). */
function taken(store: OrgStore, endpoint: EndpointSpec, field: string, value: string, self?: XeroRecord): boolean {
  return store
    .list(endpoint.name)
    .some((row) => row.id !== self?.id && row.fields[endpoint.statusField] !== 'ARCHIVED' && String(row.fields[field]).toLowerCase() === value.toLowerCase());
}

/** Checks for the records other documents point at, and for bank transfers. */
export function prepareReference(store: OrgStore, endpoint: EndpointSpec, item: JsonObject, existing: XeroRecord | undefined): Prepared {
  const errors: string[] = [];
  const fields: JsonObject = { ...item };
  switch (endpoint.name) {
    case 'Contacts': {
      const name = text(item.Name);
      if (!name) errors.push('The contact name must be provided');
      else if (taken(store, endpoint, 'Name', name, existing)) {
        errors.push(`The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`);
      }
      Object.assign(fields, { ContactStatus: item.ContactStatus ?? 'ACTIVE', IsSupplier: item.IsSupplier === true, IsCustomer: item.IsCustomer === true });
      break;
    }
    case 'Accounts': {
      const type = String(item.Type);
      if (!ACCOUNT_CLASS[type]) errors.push(`Account Type '${type}' is not a valid account type`);
      const code = text(item.Code);
      if (type !== 'BANK' && !code) errors.push('Please enter a Code.');
      if (code && code.length > 10) errors.push('The Code must be 10 characters or fewer.');
      if (code && taken(store, endpoint, 'Code', code, existing)) errors.push('Please enter a unique Code.');
      const name = text(item.Name);
      if (!name) errors.push('Please enter a Name.');
      else if (taken(store, endpoint, 'Name', name, existing)) errors.push('Please enter a unique Name.');
      Object.assign(fields, { Class: ACCOUNT_CLASS[type] ?? null, Status: item.Status ?? 'ACTIVE', TaxType: item.TaxType ?? 'NONE' });
      if (type === 'BANK') fields.BankAccountType = item.BankAccountType ?? 'BANK';
      break;
    }
    case 'Items': {
      const code = text(item.Code);
      if (!code) errors.push('Please enter a Code.');
      else if (taken(store, endpoint, 'Code', code, existing)) errors.push(`Item code '${code}' already exists`);
      break;
    }
    case 'TrackingCategories': {
      const name = text(item.Name);
      if (!name || name.length > 100) errors.push('A tracking category needs a Name of at most 100 characters');
      else if (taken(store, endpoint, 'Name', name, existing)) errors.push(`A tracking category named ${name} already exists`);
      fields.Status = item.Status ?? 'ACTIVE';
      fields.Options = completeOptions(store, item.Options);
      break;
    }
    case 'BankTransfers':
      return prepareTransfer(store, item, existing);
    default:
      errors.push(`${endpoint.name} cannot be written through the API`);
  }
  return { fields, errors };
}

export function completeOptions(store: OrgStore, raw: unknown): JsonObject[] {
  return (Array.isArray(raw) ? raw : []).filter(isJsonObject).map((option) => ({
    ...option,
    TrackingOptionID: typeof option.TrackingOptionID === 'string' ? option.TrackingOptionID : store.newId(),
    Status: option.Status ?? 'ACTIVE',
  }));
}

/** A transfer between two different bank accounts; its two bank transactions are written by the write service. */
function prepareTransfer(store: OrgStore, item: JsonObject, existing: XeroRecord | undefined): Prepared {
  if (existing) return { fields: item, errors: ['A bank transfer cannot be changed; delete it and create another'] };
  const errors: string[] = [];
  const side = (key: 'FromBankAccount' | 'ToBankAccount') => {
    const account = isJsonObject(item[key]) ? findAccount(store, item[key]) : undefined;
    if (!account || account.fields.Type !== 'BANK') errors.push(`${key} must name a bank account by AccountID or Code`);
    return account ? { AccountID: account.id, Code: account.fields.Code ?? null, Name: account.fields.Name ?? null } : undefined;
  };
  const from = side('FromBankAccount');
  const to = side('ToBankAccount');
  if (from && to && from.AccountID === to.AccountID) errors.push('The from and to bank accounts must be different');
  if (typeof item.Amount !== 'number' || item.Amount <= 0) errors.push('Amount must be more than zero');
  return { fields: { ...item, FromBankAccount: from ?? null, ToBankAccount: to ?? null, Status: 'AUTHORISED' }, errors };
}
