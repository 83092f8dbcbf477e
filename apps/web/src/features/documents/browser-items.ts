import type { DocumentCrumb, DocumentItem, SmartFolder } from '@herd/contract/documents';
import type { BrowserCrumb, BrowserItem } from '../../ui/file-browser/types';

/**
 * The widget knows items by one string id; the API by kind: a folder or file of the company's own
 * ("d:<pk>"), a smart folder ("s:<name>") and a file a smart folder lists ("f:<file pk>").
 */
export const itemId = (item: Pick<DocumentItem, 'pk' | 'smart'>) => (item.pk === null ? `s:${item.smart}` : item.smart ? `f:${item.pk}` : `d:${item.pk}`);

/** The company's own document a widget id names, or null for anything else (a smart folder or its files). */
export const documentPkOf = (id: string): number | null => (id.startsWith('d:') ? Number(id.slice(2)) : null);
export const smartOf = (id: string): SmartFolder | null => (id.startsWith('s:') ? (id.slice(2) as SmartFolder) : null);

const badgeOf = (item: DocumentItem, side: 'accountant' | 'client') => {
  if (item.accountant_only && side === 'accountant') return 'Accountant only';
  if (item.smart && item.pk === null) return 'Read-only';
  return null;
};

/** What a link on a smart folder's file says: the object it belongs to. */
const LINK_WORDS = { RECEIPT: 'Receipt', COMMUNICATION: 'Request', TRANSACTION: 'Transaction' } as const;

export const toBrowserItem = (item: DocumentItem, side: 'accountant' | 'client', linkHref: (item: DocumentItem) => string | null): BrowserItem => {
  const href = item.link ? linkHref(item) : null;
  const images = item.content_type?.startsWith('image/') || item.content_type === 'application/pdf';
  return {
    id: itemId(item),
    kind: item.kind === 'FOLDER' ? 'folder' : 'file',
    name: item.name,
    size: item.size,
    contentType: item.content_type,
    // A smart folder has no date of its own.
    modifiedAt: item.pk === null ? null : item.updated_at,
    thumbnailUrl: item.url && images ? `${item.url}${item.url.includes('?') ? '&' : '?'}inline=1` : null,
    readOnly: item.read_only,
    badge: badgeOf(item, side),
    link: item.link && href ? { label: `${LINK_WORDS[item.link.type]}: ${item.link.label}`, href } : null,
  };
};

/** The API's path as the widget's crumbs: the top level is null, a smart folder its own id. */
export const toCrumbs = (path: DocumentCrumb[]): BrowserCrumb[] =>
  path.map((crumb) => ({ id: crumb.pk !== null ? `d:${crumb.pk}` : crumb.smart ? `s:${crumb.smart}` : null, name: crumb.name }));
