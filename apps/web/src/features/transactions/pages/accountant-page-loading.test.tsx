import { screen, waitFor } from '@testing-library/react';
import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints as e } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

/** The accountant's client page before its answers come: skeletons, never a stand-in name nor an empty list. */
const company = { pk: 7 };

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('the accountant’s client page while it loads', () => {
  it('shows skeletons for the name and the list, then the client and its transactions', async () => {
    const answers = gate();
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, company, async () => {
        await answers.opened;
        return { status: 200, data: makeClientCompany({ name: 'Harbor Dental' }) };
      })
      .answer(e.accountantCounters, company, { active: 1, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
      .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
      .answer(e.accountantActive, company, async () => {
        await answers.opened;
        return { status: 200, data: transactionPage([makeTransaction()]) };
      })
      .install();
    renderPage(<AccountantTransactionsPage kind="active" />, { path: '/dashboard/accountant/active/7/', route: routes.accountant.active });

    expect(await screen.findByTestId('page-title-skeleton')).toBeInTheDocument();
    expect(await screen.findByTestId('table-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();

    answers.open();
    expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeInTheDocument();
    expect(await screen.findByText('Blue Bottle Coffee')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('table-skeleton')).not.toBeInTheDocument());
    expect(screen.queryByTestId('page-title-skeleton')).not.toBeInTheDocument();
  });
});
