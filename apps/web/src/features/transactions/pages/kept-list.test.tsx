import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints as e } from '@herd/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const coffee = makeTransaction({ pk: 101, payee: 'Blue Bottle Coffee', amount: '12.00', is_hidden: true, kept_by: 'AMOUNT' });
const stripe = makeTransaction({ pk: 102, payee: 'Stripe', amount: '80.00', is_hidden: true, kept_by: 'PAYEE' });
const byHand = makeTransaction({ pk: 103, payee: 'Personal lunch', is_hidden: true, kept_by: null });

describe('the transactions the firm’s rules keep, in their own list', () => {
  it('shows why each is kept, and narrows the hidden list to them or to those hidden by hand', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany())
      .answer(e.accountantCounters, company, { active: 0, categorized: 0, hidden: 3, sync_errors: 0, completed: 0, processing: 0 })
      .answer(e.choices, company, { statuses: ['READY'], types: ['EXPENSE'], subtypes: [], directions: ['COSTS'], markers: [], payment_accounts: [] })
      .answer(e.accountantHidden, company, ({ params }) => {
        const rows = [coffee, stripe, byHand].filter((t) => (params.kept === 'true' ? t.kept_by : params.kept === 'false' ? !t.kept_by : true));
        return { status: 200, data: transactionPage(rows, rows.length) };
      })
      .install();
    const user = fastUser();
    renderAt('/dashboard/accountant/hidden/7/');
    expect(await screen.findByText('Kept: under your amount')).toBeInTheDocument();
    expect(screen.getByText('Kept: a payee you answer')).toBeInTheDocument();
    // The one hidden by hand still says only that (its tag beside the tab named Hidden).
    expect(screen.getAllByText('Hidden', { selector: '.ant-tag' })).toHaveLength(1);

    await user.click(screen.getByText('Kept by your rules'));
    await waitFor(() => expect(fake.callsTo(e.accountantHidden, company).at(-1)!.params).toMatchObject({ kept: 'true', page: 1 }));
    await waitFor(() => expect(screen.queryByText('Personal lunch')).not.toBeInTheDocument());
    expect(screen.getByText('Blue Bottle Coffee')).toBeInTheDocument();

    await user.click(screen.getByText('Hidden by hand'));
    await waitFor(() => expect(fake.callsTo(e.accountantHidden, company).at(-1)!.params).toMatchObject({ kept: 'false' }));
    expect(await screen.findByText('Personal lunch')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Stripe')).not.toBeInTheDocument());
  });
});
