import type { DocumentItem } from '@herd/contract/documents';
import { buildPath } from '../../lib/path-builder';
import { routes } from '../../lib/routes';
import { OPEN_PARAM } from '../transactions/use-open-transaction';
import type { DocumentsSide } from './api';

/** Where a smart folder's file leads: the screen of the receipt, request or transaction it belongs to, on this side. */
export const linkHrefFor =
  (side: DocumentsSide, companyPk: number) =>
  (item: DocumentItem): string | null => {
    if (!item.link) return null;
    const clientPk = companyPk;
    if (side === 'client') {
      const query = new URLSearchParams({ company: String(companyPk) });
      if (item.link.type === 'TRANSACTION') query.set(OPEN_PARAM, String(item.link.pk));
      return `${routes.client.company}?${query.toString()}`;
    }
    const a = routes.accountant;
    if (item.link.type === 'RECEIPT') return buildPath(a.receipts, { clientPk });
    if (item.link.type === 'COMMUNICATION') return buildPath(a.requests, { clientPk });
    return `${buildPath(a.active, { clientPk })}?${OPEN_PARAM}=${item.link.pk}`;
  };
