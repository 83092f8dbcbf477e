import type { XeroMode } from '../../lib/client-config';

/** Whether Xero's buttons are shown: only once the server said Xero is set up here (never while that is unknown). */
export const isXeroOffered = (mode: XeroMode | null): mode is 'live' | 'sandbox' => mode === 'live' || mode === 'sandbox';

/** A Xero button's words: the built-in sandbox is named on every one, so nobody mistakes it for their real books. */
export const xeroLabel = (label: string, mode: XeroMode | null): string => (mode === 'sandbox' ? `${label} (sandbox)` : label);

/** Said once wherever Xero is offered while the server uses its built-in sandbox. */
export const XERO_SANDBOX_NOTE = 'This server uses Herd’s built-in Xero sandbox: its organisations and logins are test data, not anyone’s real Xero books.';
