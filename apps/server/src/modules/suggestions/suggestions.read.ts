import type { ClientEditableField, TransactionSuggestion } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { loadSuggestions, type StoredSuggestion } from './suggestions.queries.js';

const named = (pk: number | null, name: string | null) => (pk === null ? null : { pk, name: name ?? '' });

/** Fields the person may not set are left out, so accepting a suggestion never trips over a field they cannot change. */
const toSuggestion = (s: StoredSuggestion, editable: readonly ClientEditableField[] | 'all'): TransactionSuggestion => {
  const may = (field: ClientEditableField) => editable === 'all' || editable.includes(field);
  return {
    category: { pk: s.categoryId, name: s.categoryName },
    vendor: may('vendor') ? named(s.vendorId, s.vendorName) : null,
    customer: may('customer') ? named(s.customerId, s.customerName) : null,
    class: may('class') ? named(s.classId, s.className) : null,
    source: s.source,
    confidence: Math.round(s.confidence * 100) / 100,
    why: s.why,
  };
};

/**
 * The stored suggestions of the rows that wait for an answer, by transaction: what the lists and
 * the write's answer show. Read, never computed here: the job computes them (suggestion-job.ts).
 */
export const suggestionsOf = async (
  db: Db,
  scope: { company: { pk: number }; editable: readonly ClientEditableField[] | 'all' },
  rows: { pk: number; status: string }[],
) => {
  const open = rows.filter((r) => r.status === 'READY').map((r) => r.pk);
  const canCategorize = scope.editable === 'all' || scope.editable.includes('category');
  if (!canCategorize) return new Map<number, TransactionSuggestion>();
  return new Map((await loadSuggestions(db, scope.company.pk, open)).map((s) => [s.transactionId, toSuggestion(s, scope.editable)]));
};
