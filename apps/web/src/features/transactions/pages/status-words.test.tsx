import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, TRANSACTION_STATUSES, transactionEndpoints as e, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const hidden = [
  makeTransaction({ pk: 201, payee: 'Hidden published', status: 'PUBLISHED_IN_PLATFORM', is_hidden: true }),
  makeTransaction({ pk: 202, payee: 'Hidden waiting', status: 'READY', is_hidden: true }),
  makeTransaction({ pk: 203, payee: 'Hidden answered', status: 'FINISHED_IN_HERD', is_hidden: true }),
];

const fakeAccountant = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'CSV' }))
    .answer(e.accountantCounters, company, { active: 0, categorized: 0, hidden: 3, sync_errors: 0, completed: 0, processing: 0 })
    .answer(e.choices, company, { statuses: [...TRANSACTION_STATUSES], types: ['EXPENSE', 'DEPOSIT'], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantHidden, company, transactionPage(hidden))
    .install();

describe('status words', () => {
  it('names statuses in plain words on the Hidden tab, the same in its rows and in the Status filter', async () => {
    fakeAccountant();
    renderAt('/dashboard/accountant/hidden/7/');
    // The first render of a file loads the lazy page; on a busy machine that can take longer than the usual wait.
    await screen.findByText('Hidden published', {}, { timeout: 20_000 });
    const rowOf = async (payee: string) => (await screen.findByText(payee)).closest('tr')!;
    expect(within(await rowOf('Hidden published')).getByText('Published')).toBeInTheDocument();
    expect(within(await rowOf('Hidden waiting')).getByText('Waiting for client')).toBeInTheDocument();
    expect(within(await rowOf('Hidden answered')).getByText('Categorized')).toBeInTheDocument();
    // Each row says it is hidden, beside the status it kept.
    for (const payee of ['Hidden published', 'Hidden waiting', 'Hidden answered']) expect(within(await rowOf(payee)).getByText('Hidden')).toBeInTheDocument();

    fireEvent.mouseDown(within(screen.getByLabelText('Filters')).getByRole('combobox', { name: 'Status' }));
    for (const words of ['Waiting for client', 'Categorized', 'Published', 'Sync error', 'Matched', 'Processing', 'Cancelled']) {
      expect(await screen.findByTitle(words)).toBeInTheDocument();
    }
    expect(document.body).not.toHaveTextContent(/PUBLISHED_IN_PLATFORM|FINISHED_IN_HERD|Finished in herd|Published in platform/);
  });
});

describe('sync errors, from a link', () => {
  it('opens the active list filtered to sync errors, and the filter says so', async () => {
    const fake = fakeAccountant().answer(e.accountantActive, company, transactionPage([makeTransaction({ pk: 301, payee: 'Refused coffee', status: 'SYNC_ERROR' })]));
    renderAt('/dashboard/accountant/active/7/?status=SYNC_ERROR');
    expect(await screen.findByText('Refused coffee')).toBeInTheDocument();
    expect(fake.callsTo(e.accountantActive, company).at(-1)!.params).toMatchObject({ status: 'SYNC_ERROR' });
    expect(within(screen.getByLabelText('Filters')).getByText('Sync error')).toBeInTheDocument();
  });

  it("offers only the statuses the tab's list can hold", async () => {
    fakeAccountant().answer(e.accountantActive, company, transactionPage([makeTransaction({ pk: 302, payee: 'Waiting coffee', status: 'READY' })]));
    renderAt('/dashboard/accountant/active/7/');
    expect(await screen.findByText('Waiting coffee')).toBeInTheDocument();
    fireEvent.mouseDown(within(screen.getByLabelText('Filters')).getByRole('combobox', { name: 'Status' }));
    // antd's accessible option list names each option by its value.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['READY', 'SYNC_ERROR']);
    expect(await screen.findByTitle('Waiting for client')).toBeInTheDocument();
    expect(screen.queryByTitle('Published')).not.toBeInTheDocument();
  });
});
