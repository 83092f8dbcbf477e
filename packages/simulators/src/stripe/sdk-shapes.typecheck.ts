/**
 * Checked by `tsc -p packages/simulators`, never run: each marked line must fail to compile, so if
 * `Known` ever stopped refusing a misspelt enum value, a field Stripe does not have or a missing
 * one, the unused `@ts-expect-error` fails the typecheck instead.
 */
import type { CheckoutSession, Customer, Subscription } from './types.js';

export const misspeltStatus = (subscription: Subscription): Subscription => ({
  ...subscription,
  // @ts-expect-error Stripe spells it `canceled`; the SDK's own type takes any string here.
  status: 'cancelled',
});

export const oldUiMode = (session: CheckoutSession): CheckoutSession => ({
  ...session,
  // @ts-expect-error this API version says `hosted_page`.
  ui_mode: 'hosted',
});

export const inventedField = (customer: Customer): Customer => ({
  ...customer,
  // @ts-expect-error a customer has no such field.
  firm_id: '7',
});

// @ts-expect-error a customer always has `invoice_settings`, among others.
export const missingFields: Customer = { id: 'cus_1', object: 'customer' };
