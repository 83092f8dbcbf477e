import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor.js';

/** The session a request's cookie names, as the sign-in flows and the auth plugin read it. */
export interface SessionInfo {
  tokenHash: string;
  userId: number;
  mfaVerified: boolean;
  /** Resolved with the session in the same query; null while a second factor is pending. */
  actor: Actor | null;
}

/**
 * Who is asking when nobody is signed in: what the signed-out flows (sign-up, sign-in, links,
 * password reset, the second step of signing in) take in the place of an `Actor`.
 */
export interface Visitor {
  /** The request's address: the signed-out flows' rate limits count by it, and a new session records it. */
  ip: string;
  userAgent: string | undefined;
  /** The browser's own session, if it holds one: half-open while a second factor is pending. */
  session: SessionInfo | null;
}

export const visitorOf = (request: FastifyRequest): Visitor => ({ ip: request.ip, userAgent: request.headers['user-agent'], session: request.session ?? null });
