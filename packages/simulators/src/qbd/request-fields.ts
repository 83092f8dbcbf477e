import type { QbdCompany } from './company-store.js';
import { invalidReference, type QbxmlStatus } from './qbxml-status.js';
import type { ListKind, Ref } from './types.js';
import { child, childText, type XmlElement } from './xml-tree.js';

/** `<XxxRef>` as a request gives it: a ListID or a FullName (ListID wins when both are sent). */
export function readRef(element: XmlElement): { listId?: string; fullName?: string } {
  const listId = childText(element, 'ListID');
  const fullName = childText(element, 'FullName');
  return listId !== undefined ? { listId } : fullName !== undefined ? { fullName } : {};
}

/**
 * Resolves `<field>` under `parent` to a list entry of one of `kinds`: undefined when the field is
 * absent, a 3140 status when it names nothing in the company.
 */
export function resolveRef(company: QbdCompany, parent: XmlElement, field: string, kinds: readonly ListKind[]): Ref | QbxmlStatus | undefined {
  const element = child(parent, field);
  if (!element) return undefined;
  const wanted = readRef(element);
  const entry = company.findInLists(kinds, wanted);
  if (!entry) return invalidReference(wanted.listId ?? wanted.fullName ?? '', field);
  return { listId: entry.listId, fullName: entry.fullName };
}

export function isStatus(value: unknown): value is QbxmlStatus {
  return typeof value === 'object' && value !== null && 'statusCode' in value;
}

export function readMaxReturned(request: XmlElement): number | undefined {
  const text = childText(request, 'MaxReturned');
  return text === undefined ? undefined : Math.max(0, Number.parseInt(text, 10));
}
