import { firmRoleRules } from '@herd/contract';
import { ForbiddenError } from '../lib/errors.js';
import type { Actor } from './actor.js';

/**
 * The firm-side permission rules, one function per rule (docs/permissions.md
 * has the full matrix). Seeing is decided by query scoping (404 outside it);
 * these decide what a firm user may *do* (403 when not allowed).
 */
export interface FirmActor extends Actor {
  firmId: number;
  firmRole: NonNullable<Actor['firmRole']>;
  firmMemberId: number;
}

export const isFirmActor = (actor: Actor): actor is FirmActor => actor.firmRole !== null && actor.firmId !== null && actor.firmMemberId !== null;

/** Accountant-side endpoints: a client user gets 403. */
export const requireFirmActor = (actor: Actor): FirmActor => {
  if (!isFirmActor(actor)) throw new ForbiddenError();
  return actor;
};

/** FIRM_ADMIN and CLIENT_ADMIN see every client of the firm; a TEAM_MEMBER only those assigned to them. */
export const seesAllClients = (actor: FirmActor): boolean => firmRoleRules.seesAllClients(actor.firmRole);

const rule = (allowed: (actor: FirmActor) => boolean) => (actor: Actor) => {
  const firmActor = requireFirmActor(actor);
  if (!allowed(firmActor)) throw new ForbiddenError();
  return firmActor;
};

export const can = {
  /** Create client companies, assign team members, disconnect a company. */
  manageClientCompanies: rule((a) => firmRoleRules.manageClientCompanies(a.firmRole)),
  /** Coworkers, firm settings and branding, billing, integrations, disconnect-all. */
  administerFirm: rule((a) => firmRoleRules.administerFirm(a.firmRole)),
  /** Write, change and delete the firm's request templates (every firm user lists and uses them). */
  manageRequestTemplates: rule((a) => firmRoleRules.manageRequestTemplates(a.firmRole)),
  /** Any firm user, on the clients they can see. */
  workOnClients: rule(() => true),
};
