import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { resolveSessionActor, type Actor } from './actor.js';
import { deleteSession, insertSession, touchSession } from './sessions.queries.js';

export const SESSION_COOKIE = 'sessionid';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Sliding expiry, but written at most once an hour per session. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionInfo {
  tokenHash: string;
  userId: number;
  mfaVerified: boolean;
  /** Resolved with the session in the same query; null while a second factor is pending. */
  actor: Actor | null;
}

export const startSession = async (
  db: Db,
  reply: FastifyReply,
  opts: { userId: number; mfaVerified: boolean; ip: string; userAgent: string | undefined; secure: boolean },
): Promise<SessionInfo> => {
  const token = randomToken();
  const tokenHash = sha256(token);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, {
    tokenHash,
    userId: opts.userId,
    mfaVerified: opts.mfaVerified,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent?.slice(0, 500) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
    expires: expiresAt,
  });
  return { tokenHash, userId: opts.userId, mfaVerified: opts.mfaVerified, actor: null };
};

/** Signs this session out (the cookie is cleared by the caller). */
export const endSession = (db: Db, tokenHash: string) => deleteSession(db, tokenHash);

export const clearSessionCookie = (reply: FastifyReply, secure: boolean) => reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });

/** The request's session, if its cookie names one that has not expired. */
export const readSession = async (db: Db, request: FastifyRequest): Promise<SessionInfo | null> => {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const tokenHash = sha256(token);
  const found = await resolveSessionActor(db, tokenHash);
  if (!found) return null;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, new Date(Date.now() + SESSION_TTL_MS));
  }
  return { tokenHash, userId: found.actor.userId, mfaVerified: found.mfaVerified, actor: found.mfaVerified ? found.actor : null };
};
