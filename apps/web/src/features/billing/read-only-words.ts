import type { BillingInfo } from '@herd/contract';

/** Stripe statuses under which it gave up collecting: the firm is cancelled because a payment failed, not by choice. */
const PAYMENT_FAILED_STATUSES = ['unpaid', 'paused', 'past_due'];

export type ReadOnlyReason = 'trial-ended' | 'payment-failed' | 'cancelled' | 'inactive';

/** Why a read-only firm is read-only, from Herd's status and (for a firm admin) Stripe's. */
export const readOnlyReason = (info: Pick<BillingInfo, 'status' | 'subscription_status'>): ReadOnlyReason => {
  if (info.status === 'TRIAL_EXPIRED') return 'trial-ended';
  if (info.status === 'CANCELLED') {
    // Only a firm admin is told Stripe's status; for others a cancelled firm is simply "ended".
    if (info.subscription_status && PAYMENT_FAILED_STATUSES.includes(info.subscription_status)) return 'payment-failed';
    return info.subscription_status ? 'cancelled' : 'inactive';
  }
  return 'inactive';
};

const WHY: Record<ReadOnlyReason, string> = {
  'trial-ended': 'Your firm’s free trial has ended, so Herd is read-only.',
  'payment-failed': 'Your firm’s subscription payment failed, so Herd is read-only.',
  cancelled: 'Your firm’s subscription was cancelled, so Herd is read-only.',
  inactive: 'Your firm’s subscription is not active, so Herd is read-only.',
};

const ADMIN_FIX: Record<ReadOnlyReason, string> = {
  'trial-ended': 'Subscribe on the Billing page to keep working.',
  'payment-failed': 'Update your card on the Billing page to keep working.',
  cancelled: 'Restart the subscription on the Billing page to keep working.',
  inactive: 'Subscribe on the Billing page to keep working.',
};

const ASK_ADMIN: Record<ReadOnlyReason, string> = {
  'trial-ended': 'Ask your firm’s admin to subscribe on the Billing page.',
  'payment-failed': 'Ask your firm’s admin to update the card on the Billing page.',
  cancelled: 'Ask your firm’s admin to restart the subscription on the Billing page.',
  inactive: 'Ask your firm’s admin to update billing on the Billing page.',
};

export interface ReadOnlyWords {
  /** Why, in one sentence. */
  why: string;
  /** What to do about it. */
  fix: string;
  /** A firm admin gets a link to the billing page. */
  linkToBilling: boolean;
}

/** What the read-only banner says to a firm user (accountant side). */
export const firmReadOnlyWords = (info: Pick<BillingInfo, 'status' | 'subscription_status' | 'can_manage'>): ReadOnlyWords => {
  const reason = readOnlyReason(info);
  return info.can_manage ? { why: WHY[reason], fix: ADMIN_FIX[reason], linkToBilling: true } : { why: WHY[reason], fix: ASK_ADMIN[reason], linkToBilling: false };
};

/** What a client of a lapsed firm is told: nothing about money, only what it means for them. */
export const CLIENT_READ_ONLY_WORDS: ReadOnlyWords = {
  why: 'Your accountant’s Herd account is paused for now.',
  fix: 'You can look at everything, but answers and uploads can’t be saved until your accountant reactivates it.',
  linkToBilling: false,
};
