import type { NotificationKind, NotificationTarget } from '@herd/contract';

/** What a push links to of a notification (the bell's row). */
export interface LinkedNotification {
  kind: NotificationKind;
  targetType: NotificationTarget;
  targetPk: number;
  clientCompanyId: number | null;
}

const CLIENT_HOME = '/dashboard/client/';
const CLIENT_COMPANY = '/dashboard/client/company-client/';
const ACCOUNTANT_HOME = '/dashboard/accountant/';

/** The client's screen of one company, with a transaction open when the news is about one (as the bell opens it). */
export const clientCompanyLink = (companyPk: number, transactionPk?: number) =>
  `${CLIENT_COMPANY}?${new URLSearchParams({ company: String(companyPk), ...(transactionPk ? { transaction: String(transactionPk) } : {}) }).toString()}`;

/**
 * Where a push of one notification opens, the screen where that work is done, as the bell's links in
 * the web app (features/notifications/notification-links.ts) open it for the common cases; anything
 * else opens the person's home, where the bell is.
 */
export const notificationLink = (n: LinkedNotification, side: 'accountant' | 'client'): string => {
  const company = n.clientCompanyId;
  if (side === 'client') {
    if (company === null) return CLIENT_HOME;
    return clientCompanyLink(company, n.targetType === 'TRANSACTION' ? n.targetPk : undefined);
  }
  if (company === null) return ACCOUNTANT_HOME;
  if (n.kind === 'TRANSACTIONS_ANSWERED') return `/dashboard/accountant/categorized/${company}/`;
  if (n.kind === 'REQUEST_ANSWERED') return `/dashboard/accountant/requests/completed/${company}/`;
  if (n.targetType === 'COMMUNICATION') return `/dashboard/accountant/requests/${company}/`;
  if (n.targetType === 'RECEIPT') return `/dashboard/accountant/receipts/${company}/`;
  if (n.targetType === 'TRANSACTION') return `/dashboard/accountant/active/${company}/?transaction=${n.targetPk}`;
  return `/dashboard/accountant/active/${company}/`;
};

export const homeLink = (side: 'accountant' | 'client') => (side === 'client' ? CLIENT_HOME : ACCOUNTANT_HOME);
