import type { IteratorRegistry } from './iterators.js';
import { iteratorNotFound, NO_MATCH, notAllFound, STATUS_OK, failed, type RequestOutcome } from './qbxml-status.js';
import { readMaxReturned } from './request-fields.js';
import type { OutElement, XmlElement } from './xml-tree.js';

export interface QueryMatch {
  /** Ids of the matching records, in the order QuickBooks would return them. */
  ids: string[];
  /** Ids the request asked for by TxnID/ListID that do not exist (status 500 when any). */
  missingIds: string[];
}

/**
 * Pages a query's matches: `iterator="Start"` opens an iterator over them, `iterator="Continue"`
 * sends the next page of an open one (filters are not read again), and without an iterator
 * `MaxReturned` caps the answer.
 */
export function answerQuery(request: XmlElement, iterators: IteratorRegistry, match: () => QueryMatch, toRet: (id: string) => OutElement | undefined): RequestOutcome {
  const maxReturned = readMaxReturned(request);
  const mode = request.attrs.iterator;
  if (mode === 'Continue') {
    const iteratorId = request.attrs.iteratorID ?? '';
    const next = iterators.continue(request.name, iteratorId, maxReturned ?? Number.MAX_SAFE_INTEGER);
    if (!next) return failed(iteratorNotFound(iteratorId));
    return pageOutcome(next.page, toRet, { iteratorRemainingCount: String(next.remaining), iteratorID: iteratorId });
  }
  const { ids, missingIds } = match();
  if (mode === 'Start') {
    const started = iterators.start(request.name, ids, maxReturned ?? Number.MAX_SAFE_INTEGER);
    return pageOutcome(started.page, toRet, { iteratorRemainingCount: String(started.remaining), iteratorID: started.iteratorId });
  }
  const outcome = pageOutcome(ids.slice(0, maxReturned ?? ids.length), toRet);
  const firstMissing = missingIds[0];
  return firstMissing === undefined ? outcome : { ...outcome, status: notAllFound(firstMissing) };
}

function pageOutcome(page: string[], toRet: (id: string) => OutElement | undefined, attrs?: Record<string, string>): RequestOutcome {
  const rets = page.map(toRet).filter((ret): ret is OutElement => ret !== undefined);
  return { status: rets.length === 0 ? NO_MATCH : STATUS_OK, rets, ...(attrs ? { attrs } : {}) };
}
