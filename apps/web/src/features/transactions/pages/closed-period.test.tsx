import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints as e } from '@herd/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const closed = makeTransaction({ pk: 101, payee: 'Old Vendor', date: '2026-01-15', in_closed_period: true });
const open = makeTransaction({ pk: 102, payee: 'New Vendor', date: '2026-03-02', in_closed_period: false });
const corrected = makeTransaction({
  pk: 103,
  payee: 'Corrected Vendor',
  date: '2026-01-20',
  in_closed_period: true,
  status: 'PUBLISHED_IN_PLATFORM',
  correction: { date: '2026-02-01', ledger_id: '812' },
});

describe('a question in a period the ledger has closed', () => {
  it('is marked in the accountant’s list before it is sent; the others are not', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ books_closed_through: '2026-01-31' }))
      .answer(e.accountantCounters, company, { active: 2, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
      .answer(e.choices, company, { statuses: ['READY'], types: ['EXPENSE'], subtypes: [], directions: ['COSTS'], markers: [], payment_accounts: [] })
      .answer(e.accountantActive, company, transactionPage([closed, open, corrected], 3))
      .install();
    renderAt('/dashboard/accountant/active/7/');
    const oldRow = (await screen.findByText('Old Vendor')).closest('tr') as HTMLElement;
    expect(within(oldRow).getByText('Closed period')).toBeInTheDocument();
    const newRow = screen.getByText('New Vendor').closest('tr') as HTMLElement;
    expect(within(newRow).queryByText('Closed period')).toBeNull();
    // Published as a correction: its day instead, and the journal's id on hover.
    const correctedRow = screen.getByText('Corrected Vendor').closest('tr') as HTMLElement;
    expect(within(correctedRow).queryByText('Closed period')).toBeNull();
    await userEvent.hover(within(correctedRow).getByText('Correction Feb 1, 2026'));
    expect(await screen.findByText(/posted as a journal entry dated Feb 1, 2026 \(journal 812\)/)).toBeInTheDocument();
  });
});
