import { formatCents } from '@herd/contract';
import type { XeroEntity } from './xero-transaction-map.js';
import { xeroCents, type XeroObject } from './xero-values.js';

/** How a message names each kind of object. */
const NAMES: Record<XeroEntity, string> = {
  BankTransaction: 'bank transaction',
  Invoice: 'invoice',
  RepeatingInvoice: 'repeating invoice',
  PurchaseOrder: 'purchase order',
  Quote: 'quote',
  ManualJournal: 'manual journal',
};

/**
 * What a publish moved that it never may: the object's total, as Xero holds it after the write
 * (`after`, read back) against the total Xero held when the write was built (`before`: the bank's
 * amount, which Herd's answer must keep). Null when the total is the same, or the object has none
 * (a journal's debits always equal its credits). The words say what moved and what to do.
 */
export const movedTotal = (entity: XeroEntity, before: XeroObject, after: XeroObject | undefined): string | null => {
  if (before.Total === undefined) return null;
  if (!after)
    return `Xero did not give this ${NAMES[entity]} back after Herd wrote the categorization to it, so Herd cannot tell that its total is unchanged. Check it in Xero, then clear this error.`;
  const was = xeroCents(before.Total);
  const now = xeroCents(after.Total);
  if (was === now) return null;
  return (
    `Xero’s total for this ${NAMES[entity]} is now ${formatCents(now)}, not ${formatCents(was)}: the categorization was written to Xero, ` +
    `but the ${NAMES[entity]} no longer comes to the amount it had (its tax in Xero is now ${formatCents(xeroCents(after.TotalTax))}). ` +
    `Correct its lines or tax rates in Xero so that its total is ${formatCents(was)} again, then clear this error.`
  );
};
