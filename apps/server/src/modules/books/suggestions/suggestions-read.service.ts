import type { ClientEditableField, TransactionSuggestion } from '@herd/contract';
import type { StoredSuggestion } from './suggestions.queries.js';

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
 * The suggestions of a page's rows as `scope` may see them, by transaction. Stored by the job
 * (suggestion-job.ts) and read with the rows; never computed here. A person who may not set the
 * category is offered none.
 */
export const visibleSuggestions = (
  scope: { editable: readonly ClientEditableField[] | 'all' },
  rows: { pk: number; suggestion: StoredSuggestion | null }[],
): Map<number, TransactionSuggestion> => {
  const canCategorize = scope.editable === 'all' || scope.editable.includes('category');
  if (!canCategorize) return new Map();
  return new Map(rows.flatMap((r) => (r.suggestion ? [[r.pk, toSuggestion(r.suggestion, scope.editable)] as const] : [])));
};
