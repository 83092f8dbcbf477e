import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { updateSubscription } from './billing.queries.js';
import type { NoInput } from '../../../lib/service.js';

/** Ends the firm admin's firm's trial a second ago: read-only at once, as after its 14 days. */
export const endTrialNow = async (deps: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput): Promise<void> => {
  const { firmId } = can.administerFirm(actor);
  await updateSubscription(deps.db, firmId, { trialEndsAt: new Date(Date.now() - 1000) });
};
