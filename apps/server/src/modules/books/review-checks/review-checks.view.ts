import type { ReviewFinding } from '@herd/contract';
import type { ReviewFindingRow } from './review-checks.types.js';

/** A finding as the API answers it. */
export const toFinding = (row: ReviewFindingRow): ReviewFinding => ({
  pk: row.pk,
  check: row.check,
  state: row.state,
  reason: row.reason,
  question: row.question,
  transaction: { pk: row.transactionPk, ledger_id: row.ledgerExternalId, date: row.date, amount: row.amount, payee: row.payee, status: row.status },
  found_at: row.foundAt.toISOString(),
});
