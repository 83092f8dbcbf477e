import { WRITABLE_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { effectiveSubscriptionStatus } from '../../../kernel/actor.js';
import { findSubscriptionOfCompany } from './billing.queries.js';

/**
 * Whether a firm with this subscription is read-only (trial over, subscription ended) at `now`. Never with
 * billing off; a firm without a subscription row (made before billing) is not.
 */
export const subscriptionIsReadOnly = (
  billing: { mode: string } | undefined,
  subscription: { status: SubscriptionStatus | null; trialEndsAt: Date | null } | null,
  now = new Date(),
): boolean => {
  if (billing?.mode === 'off' || !subscription?.status) return false;
  const status = effectiveSubscriptionStatus({ status: subscription.status, trialEndsAt: subscription.trialEndsAt }, now);
  return status !== null && !WRITABLE_SUBSCRIPTION_STATUSES.includes(status);
};

/**
 * Whether background work for a company must wait because its firm is
 * read-only: pulls stop until the firm pays, and the next pull after that catches up.
 */
export const companyFirmIsReadOnly = async (deps: Pick<AppDeps, 'db' | 'config'>, companyPk: number): Promise<boolean> =>
  subscriptionIsReadOnly(deps.config.billing, await findSubscriptionOfCompany(deps.db, companyPk));
