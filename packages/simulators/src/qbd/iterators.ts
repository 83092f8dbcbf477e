import { randomUUID } from 'node:crypto';

interface OpenIterator {
  requestName: string;
  ids: string[];
  position: number;
}

/**
 * Iterators of one QuickBooks session. An iterator keeps the ids its query matched when it
 * started and reads each record when a page is sent, so a page shows the record as it is then.
 * It ends when its last page is sent and dies with the session (INTEGRATIONS.md §3.5).
 */
export class IteratorRegistry {
  private readonly open = new Map<string, OpenIterator>();

  /** Opens an iterator over `ids` and returns its id and the first page. */
  start(requestName: string, ids: string[], maxReturned: number): { iteratorId: string; page: string[]; remaining: number } {
    const iteratorId = `{${randomUUID()}}`;
    const iterator: OpenIterator = { requestName, ids, position: 0 };
    this.open.set(iteratorId, iterator);
    return { iteratorId, ...this.take(iteratorId, iterator, maxReturned) };
  }

  /** The next page, or undefined for an id that is unknown, finished or another request type's. */
  continue(requestName: string, iteratorId: string, maxReturned: number): { page: string[]; remaining: number } | undefined {
    const iterator = this.open.get(iteratorId);
    if (!iterator || iterator.requestName !== requestName) return undefined;
    return this.take(iteratorId, iterator, maxReturned);
  }

  /** Ends every iterator, as closing the QuickBooks session does. */
  clear(): void {
    this.open.clear();
  }

  get size(): number {
    return this.open.size;
  }

  private take(iteratorId: string, iterator: OpenIterator, maxReturned: number): { page: string[]; remaining: number } {
    const page = iterator.ids.slice(iterator.position, iterator.position + maxReturned);
    iterator.position += page.length;
    const remaining = iterator.ids.length - iterator.position;
    if (remaining === 0) this.open.delete(iteratorId);
    return { page, remaining };
  }
}
