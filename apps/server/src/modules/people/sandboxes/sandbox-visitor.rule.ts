import type { FastifyRequest } from 'fastify';
import { readSession } from '../auth/auth.face.js';

/** A signed-in member of a firm looking at one of the built-in sandboxes' pages. */
export interface SandboxVisitor {
  userId: number;
  firmId: number;
}

/**
 * The sandboxes' pages (texts, QuickBooks consent, Stripe checkout) sit outside the API, so the
 * session is read here: only a signed-in member of a firm, with the second step done, is a visitor.
 * Clients and the signed-out are nobody to them.
 */
export const sandboxVisitor = async (request: FastifyRequest): Promise<SandboxVisitor | null> => {
  const { db, config } = request.server.deps;
  const session = await readSession(db, request, config.appUrl.startsWith('https://'));
  const actor = session?.actor;
  if (!actor || actor.firmMemberId === null || actor.firmId === null) return null;
  return { userId: actor.userId, firmId: actor.firmId };
};
