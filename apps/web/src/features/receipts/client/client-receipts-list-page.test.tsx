import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { receiptEndpoints as e } from '@herd/contract';
import { routes } from '../../../lib/routes';
import { NOT_FOUND_TITLE } from '../../../ui/not-found-result';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsListPage } from './client-receipts-list-page';

const company = { pk: 7 };
// Typed in by the client before the reading engine got to it.
const done = makeReceipt({ pk: 511, status: 'FINISHED_IN_HERD', read_state: 'PENDING', total: { value: '9.75', confidence: 1, edited: true } });
const matched = makeReceipt({ pk: 512, status: 'MATCHED_TO_PLATFORM', transaction: 101, vendor: { value: 'Costco', confidence: null, edited: true } });
const hidden = makeReceipt({ pk: 513, is_hidden: true, vendor: { value: 'Parking garage', confidence: 0.8, edited: false } });

describe('the client’s completed and hidden receipts', () => {
  it('lists completed receipts as done or matched, read-only, with the way back to the company', async () => {
    const fake = createFakeApi()
      .answer(e.clientCompleted, company, receiptPage([done, matched], 30))
      .install();
    const app = renderPage(<ClientReceiptsListPage list="completed" />, {
      path: '/dashboard/client/company-client/receipts/completed/7/?page=2',
      route: routes.client.receiptsCompleted,
      profile: makeClientProfile(),
    });
    const rows = await screen.findAllByTestId('receipt-row');
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Entered by hand/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Matched to a transaction')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your company' })).toHaveAttribute('href', '/dashboard/client/company-client/?company=7');
    expect(app.searchParams().get('page')).toBe('2');
    // The page asked for is the one in the address.
    expect(fake.callsTo(e.clientCompleted, company)[0]!.params).toMatchObject({ page: 2 });
    expect(screen.getByText('30 receipts')).toBeInTheDocument();
    await fastUser().click(within(rows[1]!).getByRole('button', { name: 'Open receipt Costco' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Hide/ })).toBeNull();
  });

  it('brings a hidden receipt back with Unhide', async () => {
    const fake = createFakeApi()
      .answer(e.clientHidden, company, receiptPage([hidden]))
      .answer(e.clientUnhide, company, undefined)
      .install();
    renderPage(<ClientReceiptsListPage list="hidden" />, {
      path: '/dashboard/client/company-client/receipts/hidden/7/',
      route: routes.client.receiptsHidden,
      profile: makeClientProfile(),
    });
    const row = await screen.findByTestId('receipt-row');
    await fastUser().click(within(row).getByRole('button', { name: 'Unhide' }));
    await waitFor(() => expect(fake.callsTo(e.clientUnhide, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUnhide, company)[0]!.body).toEqual({ pks: [hidden.pk] });
    // The list is read again, without it.
    await waitFor(() => expect(fake.callsTo(e.clientHidden, company).length).toBeGreaterThan(1));
  });

  it('says so when a list is empty, and another client’s company is not found', async () => {
    createFakeApi()
      .answer(e.clientHidden, company, receiptPage([]))
      .answer(e.clientHidden, { pk: 99 }, () => ({ status: 404, data: { detail: 'Not found.' } }))
      .install();
    const first = renderPage(<ClientReceiptsListPage list="hidden" />, {
      path: '/dashboard/client/company-client/receipts/hidden/7/',
      route: routes.client.receiptsHidden,
      profile: makeClientProfile(),
    });
    expect(await screen.findByText('No hidden receipts')).toBeInTheDocument();
    first.unmount();
    renderPage(<ClientReceiptsListPage list="hidden" />, {
      path: '/dashboard/client/company-client/receipts/hidden/99/',
      route: routes.client.receiptsHidden,
      profile: makeClientProfile(),
    });
    expect(await screen.findByText(NOT_FOUND_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Try again/ })).toBeNull();
  });
});
