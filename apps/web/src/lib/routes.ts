/** Every screen's path. Build links with `buildPath(routes.x, {clientPk})`. */
export const routes = {
  root: '/',
  auth: '/auth/',
  freeTrial: '/auth/free-trial/',
  /** Where the server's Intuit sign-up sends the browser back on failure; shows the free-trial page. */
  freeTrialAlias: '/free-trial/',
  xero: '/auth/xero/',
  dashboard: '/dashboard/',
  accountant: {
    dashboard: '/dashboard/accountant/',
    clients: '/dashboard/accountant/clients/',
    asClient: '/dashboard/accountant/as-client/:clientPk/',
    /** The client's active transactions (the accountant's per-client tabs: active, categorized, hidden). */
    active: '/dashboard/accountant/active/:clientPk/',
    categorized: '/dashboard/accountant/categorized/:clientPk/',
    hidden: '/dashboard/accountant/hidden/:clientPk/',
    /** The client's rules and what Herd learned from their answers (a tab beside the lists). */
    rules: '/dashboard/accountant/rules/:clientPk/',
    /** What the review checks found in the client's categorized transactions (docs/review-checks.md). */
    review: '/dashboard/accountant/review/:clientPk/',
    /** The client's open requests (a tab beside the transaction lists and receipts), and their completed, scheduled and hidden lists. */
    requests: '/dashboard/accountant/requests/:clientPk/',
    requestsCompleted: '/dashboard/accountant/requests/completed/:clientPk/',
    requestsScheduled: '/dashboard/accountant/requests/scheduled/:clientPk/',
    requestsHidden: '/dashboard/accountant/requests/hidden/:clientPk/',
    /** The client's active receipts (a tab beside the transaction lists). */
    receipts: '/dashboard/accountant/receipts/:clientPk/',
    /** The firm's receipts not yet given to a client company. */
    receiptsInbox: '/dashboard/accountant/receipts-inbox/',
    receiptsCompleted: '/dashboard/accountant/receipts/completed/:clientPk/',
    receiptsHidden: '/dashboard/accountant/receipts/hidden/:clientPk/',
    /** The files and folders the firm shares with the client (a tab beside the lists); `?folder=` opens one. */
    documents: '/dashboard/accountant/documents/:clientPk/',
    /** Where the server sends the browser when one Xero consent granted several organisations: `?grant=<id>`. */
    xeroSelectClient: '/dashboard/accountant/xero/select-client/',
    /** The firm's account in the sandbox Karbon, seen from Herd (firm admins of a firm connected to it). */
    karbonSandbox: '/dashboard/accountant/karbon/sandbox/',
  },
  client: {
    dashboard: '/dashboard/client/',
    company: '/dashboard/client/company-client/',
    commsCompleted: '/dashboard/client/company-client/comms/completed/:clientPk/',
    commsScheduled: '/dashboard/client/company-client/comms/scheduled/:clientPk/',
    receiptsCompleted: '/dashboard/client/company-client/receipts/completed/:clientPk/',
    receiptsHidden: '/dashboard/client/company-client/receipts/hidden/:clientPk/',
    transactionsCompleted: '/dashboard/client/company-client/transactions/completed/:clientPk/',
    /** The company's shared files and folders; `?folder=` opens one. */
    documents: '/dashboard/client/company-client/documents/:clientPk/',
  },
  analytics: '/analytics/',
  settings: {
    root: '/settings/',
    accountant: '/settings/accountant/',
    /** The firm's subscription (firm admins); Stripe Checkout comes back here with `?checkout=`. */
    accountantBilling: '/settings/accountant/billing/',
    accountantClient: '/settings/accountant/client/:clientPk/',
    accountantCoworker: '/settings/accountant-coworker/',
    client: '/settings/client/',
    clientCoworker: '/settings/client-coworker/',
  },
  /** An email's unsubscribe link (signed in or not). */
  unsubscribe: '/unsubscribe/',
  version: '/version',
  forbidden: '/403',
  down: '/down',
} as const;

/** A client's primary key from the address, or null when it is not one. */
export const parseClientPk = (value: string | undefined): number | null => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/** Query parameters the auth page reads from emailed links and redirects. */
export const authParams = { next: 'next', magic: 'magic', reset: 'reset', signup: 'signup', emailChange: 'email-change' } as const;

/**
 * Where to go after sign-in. Only a path on this site is accepted, so a
 * crafted link cannot send a freshly signed-in user to another site.
 */
export const safeNextPath = (next: string | null | undefined): string | null => {
  if (!next) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if ([...next].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(next, 'https://herd.invalid');
    if (url.origin !== 'https://herd.invalid') return null;
    if (url.pathname.startsWith(routes.auth)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
};

/** The sign-in page, remembering where the user wanted to go. */
export const authPathWithNext = (next: string | null): string => {
  const safe = safeNextPath(next);
  return safe && safe !== routes.root ? `${routes.auth}?${authParams.next}=${encodeURIComponent(safe)}` : routes.auth;
};
