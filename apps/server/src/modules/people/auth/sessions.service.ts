import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { rotateCsrfCookie, sessionCookieName } from '../../../lib/auth-cookies.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { resolveSessionActor } from '../../../kernel/actor.js';
import type { SessionInfo } from '../../../kernel/visitor.js';
import { deleteSession, insertSession, touchSession } from './sessions.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 14 * DAY_MS;
/** However active, a session ends this long after its sign-in: a stolen cookie cannot be kept alive for ever. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** A session waiting for its second factor lasts this long: past it the person signs in again from the start. */
export const HALF_OPEN_SESSION_MS = 10 * 60 * 1000;
/** Sliding expiry, but written at most once an hour per session. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** How the session and CSRF cookies are written: Secure and `__Host-` over HTTPS; the CSRF token is an HMAC under the secret. */
export interface CookieSettings {
  secure: boolean;
  secretKey: string;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: '/' });

/** The sliding expiry, never past the absolute limit counted from sign-in. */
const nextExpiry = (createdAt: Date, now = Date.now()) => new Date(Math.min(now + SESSION_TTL_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));

export const startSession = async (
  db: Db,
  reply: FastifyReply,
  opts: CookieSettings & { userId: number; mfaVerified: boolean; ip: string; userAgent: string | undefined },
): Promise<SessionInfo> => {
  const token = randomToken();
  const tokenHash = sha256(token);
  // Every session time comes from the app's clock, never the database's: the half-open limit and
  // the sliding expiry compare them with Date.now(), and two clocks can disagree.
  const now = new Date();
  const expiresAt = nextExpiry(now);
  await insertSession(db, {
    tokenHash,
    createdAt: now,
    lastSeenAt: now,
    userId: opts.userId,
    mfaVerified: opts.mfaVerified,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent?.slice(0, 500) ?? null,
  });
  reply.setCookie(sessionCookieName(opts.secure), token, { ...cookieOptions(opts.secure), expires: expiresAt });
  // Says only "there may be a session here" (no secret), so the web app asks who is signed in only then.
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions(opts.secure), httpOnly: false, expires: expiresAt });
  rotateCsrfCookie(reply, { secure: opts.secure, secretKey: opts.secretKey, sessionTokenHash: tokenHash });
  return { tokenHash, userId: opts.userId, mfaVerified: opts.mfaVerified, actor: null };
};

/** Signs this session out (the cookie is cleared by the caller). */
export const endSession = (db: Db, tokenHash: string) => deleteSession(db, tokenHash);

/** Clears the session cookie and hands out a fresh anonymous CSRF token, so nothing of the session outlives it in the browser. */
export const clearSessionCookie = (reply: FastifyReply, settings: CookieSettings) => {
  reply.clearCookie(sessionCookieName(settings.secure), cookieOptions(settings.secure));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions(settings.secure), httpOnly: false });
  rotateCsrfCookie(reply, { ...settings, sessionTokenHash: null });
};

/** The request's session, if its cookie names one that has not expired. */
export const readSession = async (db: Db, request: FastifyRequest, secure: boolean): Promise<SessionInfo | null> => {
  const token = request.cookies[sessionCookieName(secure)];
  if (!token) return null;
  const tokenHash = sha256(token);
  const found = await resolveSessionActor(db, tokenHash, SESSION_ABSOLUTE_MS);
  if (!found) return null;
  // A password alone must not keep a door half open for days: the second step comes within minutes or not at all.
  if (!found.mfaVerified && Date.now() - found.createdAt.getTime() > HALF_OPEN_SESSION_MS) return null;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, nextExpiry(found.createdAt));
  }
  // A deployment that bills nobody is never read-only for billing reasons.
  const actor = request.server.deps.config.billing.mode === 'off' ? { ...found.actor, readOnly: false } : found.actor;
  return { tokenHash, userId: found.actor.userId, mfaVerified: found.mfaVerified, actor: found.mfaVerified ? actor : null };
};
