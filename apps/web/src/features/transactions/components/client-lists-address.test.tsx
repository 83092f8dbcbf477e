import { clientSideEndpoints, profileEndpoints, transactionEndpoints, type Endpoint } from '@herd/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const coffee = makeTransaction();
const flour = makeTransaction({ pk: 102, payee: 'King Arthur Baking', description: 'KING ARTHUR' });
const rent = makeTransaction({ pk: 103, payee: 'Harbor Properties', description: 'RENT' });

/** 250 waiting: one row stands for each of the three pages. */
const fakeInbox = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeClientProfile())
    .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany()])
    .answer(clientSideEndpoints.ownCompany, company, makeOwnCompany())
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
    .answer(transactionEndpoints.clientActive, company, (request) => ({
      status: 200,
      data: transactionPage([[coffee, flour, rent][Number(request.params.page) - 1] ?? coffee], 250),
    }))
    .answer(transactionEndpoints.clientCompleted, company, (request) => ({
      status: 200,
      data: transactionPage([{ ...(request.params.page === 2 ? flour : coffee), status: 'FINISHED_IN_HERD' as const }], 150),
    }))
    .install();

const rows = () => screen.getAllByTestId('transaction-row');
const listPages = (fake: ReturnType<typeof fakeInbox>, list: Endpoint = transactionEndpoints.clientActive) => fake.callsTo(list, company).map((call) => call.params.page);

describe('the client’s lists in the address', () => {
  it('opens the inbox at the page of the address, and j/k across a page edge writes the page there', async () => {
    const fake = fakeInbox();
    const app = renderAt('/dashboard/client/company-client/?company=7&page=2');
    await screen.findByText('King Arthur Baking');
    expect(listPages(fake)[0]).toBe(2);
    expect(screen.getByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');

    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Harbor Properties'));
    expect(app.location().search).toBe('?company=7&page=3');
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('King Arthur Baking'));
    expect(app.location().search).toBe('?company=7&page=2');
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Blue Bottle Coffee'));
    // The first page is the default: the address says nothing of it.
    expect(app.location().search).toBe('?company=7');
  });

  it('Back returns to the page before, and a tampered page is the first', async () => {
    const fake = fakeInbox();
    const app = renderAt('/dashboard/client/company-client/?company=7&page=zero');
    await screen.findByText('Blue Bottle Coffee');
    expect(listPages(fake)[0]).toBe(1);
    await fastUser().click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Harbor Properties'));
    expect(app.searchParams().get('page')).toBe('3');
    app.back();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Blue Bottle Coffee'));
    expect(app.searchParams().get('page')).toBe('zero');
  });

  it('opens the completed list at the page of the address, and pages through it there', async () => {
    const fake = fakeInbox();
    const app = renderAt('/dashboard/client/company-client/transactions/completed/7/?page=2');
    expect(await screen.findByText('King Arthur Baking')).toBeInTheDocument();
    expect(listPages(fake, transactionEndpoints.clientCompleted)).toEqual([2]);
    await fastUser().click(screen.getByRole('listitem', { name: '1' }));
    expect(await screen.findByText('Blue Bottle Coffee')).toBeInTheDocument();
    expect(app.location().search).toBe('');
    app.back();
    expect(await screen.findByText('King Arthur Baking')).toBeInTheDocument();
  });
});
