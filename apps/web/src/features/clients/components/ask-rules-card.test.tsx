import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { AskRulesCard } from './ask-rules-card';

const company = makeClientCompany({ pk: 7 });

describe('what is worth asking, on a client’s settings', () => {
  it('saves the amounts as the client will read them and the firm’s payees, and shows the client’s words first', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.update, { pk: 7 }, ({ body }) => ({ status: 200, data: { ...company, ...(body as object) } }))
      .install();
    const user = fastUser();
    renderAt('/', <AskRulesCard company={company} />);
    expect(await screen.findByText('Your client is asked about every transaction, and no receipt is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ask about amounts from'), '$75');
    await user.type(screen.getByLabelText('Need a receipt above'), '250');
    expect(await screen.findByText('Your client reads: “Your accountant asks about amounts of $75 or more, and needs a receipt above $250.”')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Payees you always answer yourself'), 'Stripe{Enter}Gusto{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save what is worth asking' }));
    expect(await screen.findByText('What is worth asking saved')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })[0]?.body).toEqual({
      ask_rules: { ask_from: '75.00', receipt_above: '250.00', firm_payees: ['Stripe', 'Gusto'], closed_period: 'ASK' },
    });
  });

  it('shows the ledger’s closing date and keeps closed-period questions with the firm when chosen', async () => {
    const closed = makeClientCompany({ pk: 7, books_closed_through: '2026-01-31' });
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.update, { pk: 7 }, ({ body }) => ({ status: 200, data: { ...closed, ...(body as object) } }))
      .install();
    const user = fastUser();
    renderAt('/', <AskRulesCard company={closed} />);
    expect(await screen.findByText(/The ledger’s books are closed through Jan 31, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Ask the client anyway/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Keep them with you/ }));
    await user.click(screen.getByRole('button', { name: 'Save what is worth asking' }));
    expect(await screen.findByText('What is worth asking saved')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })[0]?.body).toEqual({
      ask_rules: { ask_from: null, receipt_above: null, firm_payees: [], closed_period: 'KEEP' },
    });
  });

  it('says why an amount is refused, and puts the server’s errors on their fields', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.update, { pk: 7 }, () => ({ status: 400, data: { 'ask_rules.receipt_above': ['Receipt above must be more than zero.'] } }))
      .install();
    const user = fastUser();
    renderAt('/', <AskRulesCard company={company} />);
    await user.type(await screen.findByLabelText('Ask about amounts from'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save what is worth asking' }));
    expect(await screen.findByText(/not an amount|amount/i, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })).toHaveLength(0);
    await user.clear(screen.getByLabelText('Ask about amounts from'));
    await user.type(screen.getByLabelText('Need a receipt above'), '0.00');
    await user.click(screen.getByRole('button', { name: 'Save what is worth asking' }));
    expect(await screen.findByText('Receipt above must be more than zero.')).toBeInTheDocument();
  });
});
