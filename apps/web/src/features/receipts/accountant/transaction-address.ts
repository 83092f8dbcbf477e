import type { Transaction } from '@herd/contract';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';

/**
 * Where the accountant finds a receipt's transaction: the list that holds it by its status and hidden
 * flag, narrowed to its date so it is on the first page, with its editor open (`?transaction=`).
 * Null for a transaction no list shows (deleted in the ledger).
 */
export const transactionAddress = (t: Pick<Transaction, 'pk' | 'client_company' | 'status' | 'is_hidden' | 'date'>): string | null => {
  if (t.status === 'CANCELLED' && !t.is_hidden) return null;
  const kind = t.is_hidden ? 'hidden' : t.status === 'READY' ? 'active' : 'categorized';
  const query = new URLSearchParams({ date_from: t.date, date_to: t.date, transaction: String(t.pk) });
  return `${buildPath(routes.accountant[kind], { clientPk: t.client_company })}?${query.toString()}`;
};
