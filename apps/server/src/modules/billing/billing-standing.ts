import { WRITABLE_SUBSCRIPTION_STATUSES } from '@herd/contract';
import type { AppDeps } from '../../app-deps.js';
import { effectiveSubscriptionStatus } from '../auth/actor.js';
import { findSubscriptionOfCompany } from './billing.queries.js';

/**
 * Whether background work for a company must wait because its firm is
 * read-only (trial over, subscription ended): pulls stop until the firm pays,
 * and the next pull after that catches up. Never with billing off.
 */
export const companyFirmIsReadOnly = async (deps: Pick<AppDeps, 'db' | 'config'>, companyPk: number): Promise<boolean> => {
  if (deps.config.billing.mode === 'off') return false;
  const status = effectiveSubscriptionStatus(await findSubscriptionOfCompany(deps.db, companyPk));
  return status !== null && !WRITABLE_SUBSCRIPTION_STATUSES.includes(status);
};
