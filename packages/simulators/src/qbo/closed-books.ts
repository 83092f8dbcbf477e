import { isTransactionEntity } from './entities.js';
import { validationFault, type QboFault } from './faults.js';
import type { CompanyStore } from './store.js';
import { isJsonObject, type JsonValue } from './types.js';

/**
 * The company's closing date (Preferences → AccountingInfoPrefs → BookCloseDate, as the settings'
 * "Close the books" sets it): YYYY-MM-DD, or null while the books are open.
 */
export function bookCloseDate(store: CompanyStore): string | null {
  const prefs = store.list('Preferences')[0]?.AccountingInfoPrefs;
  const date = isJsonObject(prefs) ? prefs.BookCloseDate : undefined;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;
}

/** What QuickBooks answers a write through its API that would change closed books. */
export function accountPeriodClosed(): QboFault {
  return validationFault(
    '6200',
    'Account Period Closed, Cannot Update Through Services API',
    'The account period has closed and the account books cannot be updated through the QBO Services API. Please use the QBO website to make these changes.',
  );
}

/**
 * QuickBooks keeps its API out of a closed period, whatever a person may do in its own pages with
 * the closing password: a transaction dated on or before the closing date cannot be created, and
 * one that is or would be dated there cannot be changed or deleted. `dates` are the transaction's
 * dates before and after the write (a create has only the new one); a missing date is QuickBooks'
 * today, never in a closed period.
 */
export function refuseInClosedPeriod(store: CompanyStore, entity: string, ...dates: (JsonValue | undefined)[]): void {
  if (!isTransactionEntity(entity)) return;
  const closedThrough = bookCloseDate(store);
  if (closedThrough === null) return;
  for (const date of dates) {
    if (typeof date === 'string' && date.slice(0, 10) <= closedThrough) throw accountPeriodClosed();
  }
}
