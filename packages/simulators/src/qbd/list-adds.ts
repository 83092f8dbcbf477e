import type { QbdCompany } from './company-store.js';
import { ACCOUNT_TYPES } from './account-types.js';
import { failed, invalidValue, missingElement, nameNotUnique, STATUS_OK, type RequestOutcome } from './qbxml-status.js';
import { listRet } from './ret-builders.js';
import type { ListKind } from './types.js';
import { child, childText, type XmlElement } from './xml-tree.js';

/** The list kinds Herd may add: `VendorAddRq`, `CustomerAddRq`, `AccountAddRq`. */
export const ADDABLE_LISTS: readonly ListKind[] = ['Vendor', 'Customer', 'Account'];

/**
 * `<Kind>AddRq><Kind>Add>`: Name is required (3150); a name already in use answers 3100 (vendors
 * and customers share QuickBooks' one name list); an account needs a known AccountType (3210).
 */
export function answerListAdd(company: QbdCompany, kind: ListKind, request: XmlElement): RequestOutcome {
  const add = child(request, `${kind}Add`);
  if (!add) return failed(missingElement(`${kind}Add`));
  const name = childText(add, 'Name');
  if (name === undefined || name === '') return failed(missingElement('Name'));
  if (company.isNameTaken(kind, name)) return failed(nameNotUnique(name));
  const isActive = childText(add, 'IsActive') !== 'false';
  if (kind !== 'Account') return { status: STATUS_OK, rets: [listRet(company.addList({ kind, name, isActive }))] };

  const accountType = childText(add, 'AccountType');
  if (accountType === undefined) return failed(missingElement('AccountType'));
  if (!ACCOUNT_TYPES.includes(accountType)) return failed(invalidValue(accountType, 'AccountType'));
  const accountNumber = childText(add, 'AccountNumber');
  const entry = company.addList({ kind, name, isActive, accountType, ...(accountNumber !== undefined ? { accountNumber } : {}) });
  return { status: STATUS_OK, rets: [listRet(entry)] };
}
