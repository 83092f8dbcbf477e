import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../../lib/crypto.js';

/**
 * The OAuth `state`: what the browser is connecting (which firm, user,
 * company, for what), signed with SECRET_KEY so it cannot be forged, and
 * bound to a nonce in a cookie of the browser that started, so a callback
 * cannot be replayed in someone else's session. It expires in 15 minutes.
 */
export type ConnectPurpose = 'connect' | 'reauth' | 'signup' | 'signin';

export interface ConnectState {
  purpose: ConnectPurpose;
  /** Absent on signup and signin: nobody is signed in yet. */
  userId: number | null;
  /** The company to link or reconnect; absent to create one. */
  companyPk: number | null;
  /**
   * The address the person started from (return-origin.rule.ts decided it may be
   * returned to): the callback sends the browser back there to finish, since
   * the ledger only calls back to the one registered address.
   */
  origin: string;
  nonce: string;
  expiresAt: number;
}

const LIFETIME_MS = 15 * 60 * 1000;

const sign = (secretKey: string, payload: string) => createHmac('sha256', `herd:oauth-state:${secretKey}`).update(payload).digest('base64url');

export const createState = (secretKey: string, input: Omit<ConnectState, 'nonce' | 'expiresAt'>, now = Date.now()): { state: string; nonce: string } => {
  const nonce = randomBytes(16).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ ...input, nonce, expiresAt: now + LIFETIME_MS })).toString('base64url');
  return { state: `${payload}.${sign(secretKey, payload)}`, nonce };
};

/** The state's content when Herd signed it and it has not expired, whichever browser holds it; null otherwise. */
export const readSignedState = (secretKey: string, state: string, now = Date.now()): ConnectState | null => {
  const [payload, signature] = state.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secretKey, payload))) return null;
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConnectState;
  return parsed.expiresAt < now ? null : parsed;
};

/** The state's content, or null when it is forged, expired or not this browser's. */
export const readState = (secretKey: string, state: string, cookieNonce: string | undefined, now = Date.now()): ConnectState | null => {
  const parsed = readSignedState(secretKey, state, now);
  if (!parsed || !cookieNonce || !safeEqual(parsed.nonce, cookieNonce)) return null;
  return parsed;
};
