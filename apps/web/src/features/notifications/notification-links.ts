import type { Notification } from '@herd/contract';
import { buildPath } from '../../lib/path-builder';
import { routes } from '../../lib/routes';
import { OPEN_PARAM } from '../transactions/use-open-transaction';

// The transaction editor opens from the address (useOpenTransaction).
const OPEN_TRANSACTION = OPEN_PARAM;

const withQuery = (path: string, query: Record<string, number>) => `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** A company's documents, open at the folder (0 is the top level). */
const documentsHref = (path: string, folderPk: number) => (folderPk > 0 ? withQuery(path, { folder: folderPk }) : path);

/** Where an accountant goes to deal with it: the screen where that work is done. */
const accountantHref = (n: Notification): string => {
  const clientPk = n.client_company;
  const a = routes.accountant;
  // A rule Herd paused: the Automation tab of the firm's settings, with why and what it acted on (a firm rule has no
  // company). Through /settings/, which keeps the query and opens the person's own section (an owner's or a coworker's).
  if (n.kind === 'RULE_PAUSED') return `${routes.settings.root}?tab=automation`;
  if (clientPk === null) return n.target.type === 'RECEIPT' ? a.receiptsInbox : a.dashboard;
  if (n.kind === 'LEDGER_REAUTH') return a.clients;
  if (n.kind === 'TRANSACTIONS_ANSWERED') return buildPath(a.categorized, { clientPk });
  if (n.kind === 'REQUEST_ANSWERED') return buildPath(a.requestsCompleted, { clientPk });
  // A request due or overdue is still open: the client's open requests, where it can be chased or its date moved.
  if (n.kind === 'REQUEST_DUE' || n.kind === 'REQUEST_OVERDUE') return buildPath(a.requests, { clientPk });
  // A client gone quiet, or one to call: their settings, where the reminders, the ladder and "Notify now" are (as the escalation email links).
  if (n.kind === 'CLIENT_UNRESPONSIVE' || n.kind === 'CLIENT_CALL_DUE') return buildPath(routes.settings.accountantClient, { clientPk });
  if (n.target.type === 'DOCUMENT_FOLDER') return documentsHref(buildPath(a.documents, { clientPk }), n.target.pk);
  if (n.target.type === 'TRANSACTION') return withQuery(buildPath(a.active, { clientPk }), { [OPEN_TRANSACTION]: n.target.pk });
  if (n.target.type === 'RECEIPT') return buildPath(a.receipts, { clientPk });
  if (n.target.type === 'COMMUNICATION') return buildPath(a.requests, { clientPk });
  // The thread with the client lives on the client's settings page, beside its pinned note.
  if (n.target.type === 'CLIENT_COMPANY' && (n.kind === 'NOTE' || n.kind === 'NOTE_MENTION')) return buildPath(routes.settings.accountantClient, { clientPk });
  return buildPath(a.active, { clientPk });
};

/** Where a client goes: their company's screen (the right company), with the transaction open when it is about one. */
const clientHref = (n: Notification): string => {
  if (n.client_company === null) return routes.client.dashboard;
  if (n.target.type === 'DOCUMENT_FOLDER') return documentsHref(buildPath(routes.client.documents, { clientPk: n.client_company }), n.target.pk);
  const query: Record<string, number> = { company: n.client_company };
  if (n.target.type === 'TRANSACTION') query[OPEN_TRANSACTION] = n.target.pk;
  return withQuery(routes.client.company, query);
};

/** The screen a notification opens, for the side the person works on. */
export const notificationHref = (n: Notification, side: 'accountant' | 'client'): string => (side === 'accountant' ? accountantHref(n) : clientHref(n));
