import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingEndpoints, profileEndpoints, type BillingInfo } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeProfile, type FakeApi } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { stubLocationAssign } from '../../../../test/fake-qbo';
import { pageQueryClient, renderPage } from '../../../../test/render-app';
import { billingKeys } from '../api';
import { routes } from '../../../lib/routes';
import { BillingTab } from './billing-tab';

let userEvent = fastUser();
let location: ReturnType<typeof stubLocationAssign>;
beforeEach(() => {
  userEvent = fastUser();
  location = stubLocationAssign();
});
afterEach(() => location.restore());

const CHECKOUT = 'http://localhost/sandbox/stripe/checkout/cs_1';

/** A request that waits until the test lets it answer. */
const held = <T,>(answer: T) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), handler: async () => (await gate, { status: 200, data: answer }) };
};

const fakeBilling = (info: BillingInfo): FakeApi => createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(billingEndpoints.info, {}, info).install();

const openBilling = (query = '') => renderPage(<BillingTab />, { path: `${routes.settings.accountantBilling}${query}`, route: routes.settings.accountantBilling });

/** The Status line of the subscription's details. */
const statusRow = () => screen.getByText('Status').closest('tr')!;

describe('the billing page', () => {
  it('shows a paid subscription: status, sandbox label, plan, companies, next invoice, card and invoices', async () => {
    fakeBilling(makeBillingInfo());
    openBilling();
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(statusRow()).toHaveTextContent(/^StatusPaid$/);
    expect(screen.getByText('Sandbox — no real charges')).toBeInTheDocument();
    expect(screen.getByText('$20.00 per active client company per month')).toBeInTheDocument();
    expect(screen.getByText('3 active · billed for 3')).toBeInTheDocument();
    expect(screen.getByText('$60.00 on May 1, 2026')).toBeInTheDocument();
    const invoices = screen.getByRole('list', { name: 'Invoices' });
    expect(within(invoices).getByText('HERD-0001')).toBeInTheDocument();
    expect(within(invoices).getByRole('link', { name: 'PDF of HERD-0001' })).toHaveAttribute('href', 'https://billing.example/invoices/in_1.pdf');
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start subscription|Pay now|Restart/ })).not.toBeInTheDocument();
  });

  it('changes the card through Checkout, the button busy and the others disabled meanwhile', async () => {
    const fake = fakeBilling(makeBillingInfo({ cancel_at_period_end: true }));
    const answer = held({ url: CHECKOUT });
    fake.answer(billingEndpoints.attachPaymentMethod, {}, answer.handler);
    openBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Change card' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Change card/ })).toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Restart subscription' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(CHECKOUT));
    expect(fake.callsTo(billingEndpoints.attachPaymentMethod, {})).toHaveLength(1);
  });

  it('offers a trial firm to start its subscription, and sends it to Checkout', async () => {
    const fake = fakeBilling(makeBillingInfo({ status: 'TRIAL', subscription_status: null, card: null, next_invoice: null, invoices: [], current_period_end: null }));
    fake.answer(billingEndpoints.session, {}, { url: CHECKOUT });
    openBilling();
    expect(await screen.findByText('Trial, ends on Mar 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start subscription' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(CHECKOUT));
  });

  it('asks an expired trial to pay now, and shows the server’s refusal', async () => {
    const fake = fakeBilling(makeBillingInfo({ status: 'TRIAL_EXPIRED', read_only: true, subscription_status: null, card: null }));
    fake.answer(billingEndpoints.session, {}, () => ({ status: 409, data: { detail: 'Your firm already has an active subscription.' } }));
    openBilling();
    expect(await screen.findByText('Trial expired')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Could not open checkout: Your firm already has an active subscription.')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('cancels after a confirm that says it ends at the period end, then offers to restart', async () => {
    const fake = fakeBilling(makeBillingInfo());
    fake.answer(billingEndpoints.cancel, {}, makeBillingInfo({ cancel_at_period_end: true }));
    openBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await findDialog('Cancel the subscription?');
    expect(dialog).toHaveTextContent('Your firm keeps working until May 1, 2026, the end of the period already paid.');
    expect(fake.callsTo(billingEndpoints.cancel, {})).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Paid, cancels on May 1, 2026')).toBeInTheDocument();
    expect(fake.callsTo(billingEndpoints.cancel, {})).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Restart subscription' })).toBeInTheDocument();
  });

  it('keeps the subscription when the confirm is declined', async () => {
    const fake = fakeBilling(makeBillingInfo());
    openBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(within(await findDialog('Cancel the subscription?')).getByRole('button', { name: 'Keep it' }));
    expect(fake.callsTo(billingEndpoints.cancel, {})).toHaveLength(0);
  });

  it('undoes a pending cancellation without Checkout, and re-reads the billing', async () => {
    let info = makeBillingInfo({ cancel_at_period_end: true });
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(billingEndpoints.info, {}, () => ({ status: 200, data: info }))
      .answer(billingEndpoints.restart, {}, () => {
        info = makeBillingInfo();
        return { status: 200, data: { url: null } };
      })
      .install();
    openBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Restart subscription' }));
    expect(await screen.findByText('Your subscription continues: it will renew as before.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(2);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('restarts an ended subscription through Checkout', async () => {
    const fake = fakeBilling(makeBillingInfo({ status: 'CANCELLED', read_only: true, subscription_status: 'canceled', next_invoice: null }));
    fake.answer(billingEndpoints.restart, {}, { url: CHECKOUT });
    openBilling();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart subscription' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(CHECKOUT));
  });

  it('warns when Stripe could not be reached, showing Herd’s own status', async () => {
    fakeBilling(makeBillingInfo({ stripe_unavailable: true, plan: null, card: null, next_invoice: null, invoices: [], quantity: null }));
    openBilling();
    expect(await screen.findByText('Stripe could not be reached just now')).toBeInTheDocument();
    expect(statusRow()).toHaveTextContent(/^StatusPaid$/);
  });

  it('says billing is off when it is, with no buttons', async () => {
    fakeBilling(makeBillingInfo({ mode: 'off', status: null, read_only: false }));
    openBilling();
    expect(await screen.findByText('Billing is off for this installation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /subscription|Pay now|card/i })).not.toBeInTheDocument();
  });

  it('says how Checkout ended, and re-reads the billing on the way back', async () => {
    const fake = fakeBilling(makeBillingInfo());
    // What the layout read before leaving for Checkout, still fresh by the 30-minute rule.
    const client = pageQueryClient();
    client.setQueryData(billingKeys.info(), makeBillingInfo({ status: 'TRIAL_EXPIRED', read_only: true }));
    renderPage(<BillingTab />, { path: `${routes.settings.accountantBilling}?checkout=success`, route: routes.settings.accountantBilling, client });
    expect(await screen.findByText(/your payment went through/)).toBeInTheDocument();
    await waitFor(() => expect(statusRow()).toHaveTextContent(/^StatusPaid$/));
    expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1);
  });
});
