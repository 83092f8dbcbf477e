import { NAME_ENTITIES } from './entities.js';
import { businessValidation, duplicateName, objectNotFound, requiredParamMissing } from './faults.js';
import { toCents } from './normalize.js';
import { findReferenced, forEachReference } from './references.js';
import type { CompanyStore } from './store.js';
import { asArray, isJsonObject, type JsonObject } from './types.js';

const REQUIRED: Record<string, readonly string[]> = {
  Purchase: ['AccountRef', 'PaymentType', 'Line'],
  Deposit: ['DepositToAccountRef', 'Line'],
  JournalEntry: ['Line'],
  Bill: ['VendorRef', 'Line'],
  VendorCredit: ['VendorRef', 'Line'],
  SalesReceipt: ['Line'],
  Account: ['Name'],
  Class: ['Name'],
  Department: ['Name'],
  Item: ['Name'],
  PaymentMethod: ['Name'],
  Term: ['Name'],
  Vendor: ['DisplayName'],
  Customer: ['DisplayName'],
  Employee: ['DisplayName'],
};

/** The checks QBO applies before it writes: required fields, live references, unique names, balanced entries. */
export function validateEntity(store: CompanyStore, entity: string, row: JsonObject, selfId?: string): void {
  for (const field of REQUIRED[entity] ?? []) {
    if (row[field] === undefined || row[field] === null || row[field] === '') throw requiredParamMissing(field);
  }
  if (entity === 'Account' && row.AccountType === undefined && row.AccountSubType === undefined) {
    throw requiredParamMissing('AccountType');
  }
  checkLines(entity, row);
  forEachReference(entity, row, (key, ref, targets) => {
    const found = findReferenced(store, ref, targets);
    if (!found) throw objectNotFound(`${key} ${String(ref.value)} does not exist in this company.`, key);
    if (found.Active === false) {
      throw objectNotFound("Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.", key);
    }
  });
  checkDuplicateName(store, entity, row, selfId);
  checkBusinessRules(entity, row);
}

function checkLines(entity: string, row: JsonObject): void {
  if (row.Line === undefined) return;
  if (!Array.isArray(row.Line)) throw requiredParamMissing('Line');
  for (const line of row.Line) {
    if (!isJsonObject(line) || typeof line.DetailType !== 'string') throw requiredParamMissing('Line.DetailType');
    if (line.DetailType === 'DescriptionOnly' || line.DetailType === 'SubTotalLineDetail') continue;
    if (typeof line.Amount !== 'number') throw requiredParamMissing('Line.Amount');
    if (!isJsonObject(line[line.DetailType])) throw requiredParamMissing(`Line.${line.DetailType}`);
    if (entity === 'JournalEntry') {
      const detail = line.JournalEntryLineDetail;
      if (!isJsonObject(detail) || (detail.PostingType !== 'Debit' && detail.PostingType !== 'Credit')) {
        throw requiredParamMissing('Line.JournalEntryLineDetail.PostingType');
      }
      if (!isJsonObject(detail.AccountRef)) throw requiredParamMissing('Line.JournalEntryLineDetail.AccountRef');
    }
  }
}

function checkDuplicateName(store: CompanyStore, entity: string, row: JsonObject, selfId?: string): void {
  const isNameList = (NAME_ENTITIES as readonly string[]).includes(entity);
  const field = isNameList ? 'DisplayName' : 'FullyQualifiedName';
  const name = row[field];
  if (typeof name !== 'string' || !['Account', 'Class', 'Department', 'Item', 'PaymentMethod', 'Term', ...NAME_ENTITIES].includes(entity)) return;
  const wanted = name.trim().toLowerCase();
  // QBO keeps one namespace for vendors, customers and employees, inactive ones included.
  const tables = isNameList ? NAME_ENTITIES : [entity];
  for (const table of tables) {
    for (const other of store.list(table)) {
      if (table === entity && other.Id === selfId) continue;
      const otherName = other[field] ?? other.Name;
      if (typeof otherName === 'string' && otherName.trim().toLowerCase() === wanted) {
        throw duplicateName(
          isNameList
            ? `Another customer, vendor or employee is already using this name. Please use a different name. Id=${other.Id}`
            : `Another ${entity.toLowerCase()} is already using this name. Please use a different name. Id=${other.Id}`,
        );
      }
    }
  }
}

function checkBusinessRules(entity: string, row: JsonObject): void {
  if (entity === 'JournalEntry') {
    let balance = 0;
    for (const line of asArray(row.Line).filter(isJsonObject)) {
      const detail = line.JournalEntryLineDetail;
      if (!isJsonObject(detail)) continue;
      balance += (detail.PostingType === 'Debit' ? 1 : -1) * toCents(line.Amount);
    }
    if (balance !== 0) {
      throw businessValidation('Journal entries must balance: the total of the debits has to equal the total of the credits.');
    }
  }
  if (entity === 'Purchase') {
    if (!['Cash', 'Check', 'CreditCard'].includes(String(row.PaymentType))) {
      throw businessValidation(`PaymentType must be Cash, Check or CreditCard, not ${String(row.PaymentType)}.`);
    }
    if (row.Credit === true && row.PaymentType !== 'CreditCard') {
      throw businessValidation('Credit is only valid when PaymentType is CreditCard.');
    }
  }
  for (const line of asArray(row.Line).filter(isJsonObject)) {
    if (typeof line.Amount === 'number' && line.Amount < 0 && entity !== 'Deposit') {
      throw businessValidation('Line amounts cannot be negative.');
    }
  }
}
