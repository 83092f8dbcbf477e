import { screen, within } from '@testing-library/react';
import { clientSideEndpoints, profileEndpoints, transactionEndpoints } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const pinned = { pk: 40, body: 'Payroll moves to the 15th from April.', author: 'Avery Stone', created_at: '2026-03-05T09:00:00Z' };

const fakeCompany = (company = makeOwnCompany({ pk: 7, name: 'Sunrise Bakery LLC', pinned_note: 'Please upload the March statement.', pinned_thread_note: pinned })) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeClientProfile())
    .answer(clientSideEndpoints.ownCompanies, {}, [company])
    .answer(clientSideEndpoints.ownCompany, { pk: 7 }, company)
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
    .answer(transactionEndpoints.clientActive, { pk: 7 }, transactionPage([]))
    .install();

describe('the pinned note on the client’s company page', () => {
  it('shows the note the accountant pinned first, with who pinned it', async () => {
    fakeCompany();
    renderAt('/dashboard/client/company-client/?company=7');
    const note = await screen.findByRole('region', { name: 'Pinned message' });
    expect(note).toHaveTextContent('Pinned by Avery Stone');
    expect(within(note).getByText('Payroll moves to the 15th from April.')).toBeInTheDocument();
    // It tops the page: before the standing message and everything else in the column.
    const standing = screen.getByTestId('pinned-note');
    expect(note.compareDocumentPosition(standing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note.parentElement?.firstElementChild).toBe(note);
  });

  it('shows nothing when no note is pinned', async () => {
    fakeCompany(makeOwnCompany({ pk: 7, name: 'Sunrise Bakery LLC' }));
    renderAt('/dashboard/client/company-client/?company=7');
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    expect(screen.queryByTestId('pinned-thread-note')).not.toBeInTheDocument();
  });
});
