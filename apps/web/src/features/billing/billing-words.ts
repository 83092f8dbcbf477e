import type { BillingInfo } from '@herd/contract';
import { formatDate } from '../../lib/format';

/** An amount in the currency's smallest unit (Stripe's cents) as "$20.00". */
export const formatMinorUnits = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    // A currency code Intl does not know: still show the number and the code.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
};

/** The firm's status in a few words: "Trial, ends on Mar 15, 2026", "Paid", "Cancelled", "Trial expired". */
export const statusLabel = (info: Pick<BillingInfo, 'status' | 'trial_ends_at' | 'cancel_at_period_end' | 'current_period_end'>): string => {
  switch (info.status) {
    case 'TRIAL':
      return info.trial_ends_at ? `Trial, ends on ${formatDate(info.trial_ends_at)}` : 'Trial';
    case 'TRIAL_EXPIRED':
      return 'Trial expired';
    case 'PAID':
      return info.cancel_at_period_end && info.current_period_end ? `Paid, cancels on ${formatDate(info.current_period_end)}` : 'Paid';
    case 'CANCELLED':
      return 'Cancelled';
    default:
      return 'No subscription';
  }
};

/** Stripe's own status when it is worth a word to the admin (retrying a failed payment, or gave up). */
export const stripeStatusNote = (status: string | null): string | null => {
  if (status === 'past_due') return 'The last payment failed; Stripe is retrying it. Change the card to settle it.';
  if (status === 'unpaid' || status === 'paused') return 'Stripe stopped collecting after repeated failed payments.';
  return null;
};

/** "$20.00 per active client company per month". */
export const planText = (plan: NonNullable<BillingInfo['plan']>): string =>
  `${formatMinorUnits(plan.unit_amount, plan.currency)} per active client company per ${plan.interval}`;

/** A card brand as printed on it: "visa" → "Visa", "amex" → "American Express". */
export const cardBrand = (brand: string): string => {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners: 'Diners Club',
    unionpay: 'UnionPay',
  };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
};

/** What Checkout came back with (`?checkout=`), and what to tell the admin. */
export const CHECKOUT_OUTCOMES: Record<string, { type: 'success' | 'info'; text: string }> = {
  success: { type: 'success', text: 'Thank you: your payment went through. The status below updates as soon as Stripe confirms it.' },
  'card-saved': { type: 'success', text: 'Your new card is saved and will be used for the next payments.' },
  cancelled: { type: 'info', text: 'Checkout was cancelled: nothing was charged.' },
};
