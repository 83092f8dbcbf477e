import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, noteEndpoints, refEndpoints as r, SYNC_ERRORS_BLOCK_MESSAGE, transactionEndpoints as e, profileEndpoints } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

const company = { pk: 7 };
const broken = makeTransaction({
  status: 'SYNC_ERROR',
  sync_errors: [{ pk: 1, message: 'The account period is closed for this date.', created_at: '2026-10-04T00:00:00.000Z' }],
});
const done = makeTransaction({ pk: 102, payee: 'King Arthur Baking', status: 'FINISHED_IN_HERD' });

const fakeAccountant = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany())
    .answer(e.accountantCounters, company, { active: 3, categorized: 2, hidden: 1, sync_errors: 1, completed: 4, processing: 0 })
    .answer(e.choices, company, {
      statuses: ['FINISHED_IN_HERD', 'SYNC_ERROR'],
      types: ['EXPENSE', 'DEPOSIT'],
      subtypes: [],
      directions: ['COSTS', 'SALES'],
      markers: ['WITHOUT_CLASS', 'WITHOUT_VENDOR'],
      payment_accounts: [{ pk: 1, name: 'Business Checking' }],
    })
    .answer(e.accountantCategorized, company, transactionPage([broken, done]))
    .answer(r.accountantCategories, company, [])
    .answer(r.vendors, company, [])
    .answer(r.classes, company, [])
    .answer(r.locations, company, [])
    .answer(r.taxes, company, [])
    .answer(r.trackingCategories, company, [])
    .answer(noteEndpoints.transactionList, { pk: 101 }, [])
    .answer(e.publish, company, { published: 1, matched: 0, rejected: 0, queued: 0, sent: [], refused: [] })
    .answer(r.vendorCreate, company, () => ({ status: 400, data: { detail: SYNC_ERRORS_BLOCK_MESSAGE } }))
    .install();

/** The client's categorized transactions alone, behind the sign-in guard (the profile comes from the fake API). */
const open = () => renderPage(<AccountantTransactionsPage kind="categorized" />, { path: '/dashboard/accountant/categorized/7/', route: routes.accountant.categorized });
const lastList = (fake: ReturnType<typeof fakeAccountant>) => fake.callsTo(e.accountantCategorized, company).at(-1)!.params;

describe('the accountant’s transactions of one client', () => {
  it('shows the lists as tabs with counters, and the ledger’s refusals in red', async () => {
    fakeAccountant();
    open();
    expect(await screen.findByText('The account period is closed for this date.')).toBeInTheDocument();
    expect(screen.getByTestId('sync-error')).toHaveClass('ant-typography-danger');
    expect(screen.getByRole('tab', { name: /Categorized/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Active/ })).toHaveTextContent('3');
  });

  it('turns the filters into query parameters', async () => {
    const fake = fakeAccountant();
    open();
    await screen.findByText('King Arthur Baking');
    expect(lastList(fake)).toMatchObject({ page: 1, page_size: 25, ordering: '-date' });
    fireEvent.mouseDown(within(screen.getByLabelText('Filters')).getAllByRole('combobox', { name: 'Direction' })[0]!);
    fireEvent.click(await screen.findByTitle('Money out'));
    await waitFor(() => expect(lastList(fake)).toMatchObject({ direction: 'COSTS' }));
    const minimum = screen.getByLabelText('Minimum amount');
    await fastUser().type(minimum, '10{Enter}');
    // A bound is sent as the API writes amounts.
    await waitFor(() => expect(lastList(fake)).toMatchObject({ direction: 'COSTS', amount_min: '10.00' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Markers' }));
    fireEvent.click(await screen.findByTitle('Without vendor'));
    await waitFor(() => expect(lastList(fake)).toMatchObject({ markers: 'WITHOUT_VENDOR' }));
    // A bound written as people write money applies once typing pauses, without Enter.
    await fastUser().type(screen.getByLabelText('Maximum amount'), '$1,000.50');
    await waitFor(() => expect(lastList(fake)).toMatchObject({ amount_min: '10.00', amount_max: '1000.50' }));
  });

  it('reads "(12.50)" and "1,234.56" pasted into the amount filters, and says why a bound is not an amount', async () => {
    const fake = fakeAccountant();
    open();
    await screen.findByText('King Arthur Baking');
    const user = fastUser();
    await user.click(screen.getByLabelText('Minimum amount'));
    await user.paste('(12.50)');
    await user.click(screen.getByLabelText('Maximum amount'));
    await user.paste('1,234.56');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastList(fake)).toMatchObject({ amount_min: '-12.50', amount_max: '1234.56' }));
    expect(screen.getByLabelText('Minimum amount')).toHaveValue('-12.50');
    // What is not an amount is not sent, and the field says why.
    await user.clear(screen.getByLabelText('Maximum amount'));
    await user.type(screen.getByLabelText('Maximum amount'), '12,50{Enter}');
    expect(await screen.findByText('Use a point for cents, like 12.50.')).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum amount')).toHaveAttribute('aria-invalid', 'true');
    expect(lastList(fake)).toMatchObject({ amount_min: '-12.50', amount_max: '1234.56' });
  });

  it('publishes the selected transactions', async () => {
    const fake = fakeAccountant();
    open();
    await screen.findByText('King Arthur Baking');
    const row = screen.getByText('King Arthur Baking').closest('tr')!;
    await fastUser().click(within(row).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(fake.callsTo(e.publish, company)).toHaveLength(1));
    expect(fake.callsTo(e.publish, company)[0]!.body).toEqual({ pks: [102] });
    expect(await screen.findByText('1 published, 0 matched, 0 refused by the ledger.')).toBeInTheDocument();
  });

  it('shows the sync-error message when creating a vendor is refused', async () => {
    const fake = fakeAccountant();
    open();
    await screen.findByText('Blue Bottle Coffee');
    await fastUser().click(screen.getByRole('button', { name: /Edit Blue Bottle Coffee/ }));
    const panel = await screen.findByTestId('transaction-editor');
    const vendor = within(panel).getByRole('combobox', { name: 'Vendor' });
    fireEvent.mouseDown(vendor);
    fireEvent.change(vendor, { target: { value: 'Corner Shop' } });
    fireEvent.click(await screen.findByTitle('+ Create "Corner Shop"'));
    expect(await screen.findByText(SYNC_ERRORS_BLOCK_MESSAGE)).toBeInTheDocument();
    expect(fake.callsTo(r.vendorCreate, company)[0]!.body).toEqual({ name: 'Corner Shop', transaction: 101 });
  });

  it('says "1,000+" when the server stopped counting, and the exact count otherwise', async () => {
    const fake = fakeAccountant();
    fake.answer(e.accountantCounters, company, { active: 3, categorized: 25310, hidden: 1, sync_errors: 1, completed: 4, processing: 0 });
    fake.answer(e.accountantCategorized, company, ({ params }) => ({
      status: 200,
      data: params.search ? transactionPage([done], 734) : transactionPage([broken, done], 1000, true),
    }));
    open();
    expect(await screen.findByText('1,000+ transactions')).toBeInTheDocument();
    // The tab's counter is exact: it is not cut off at 9,999.
    expect(screen.getByRole('tab', { name: /Categorized/ })).toHaveTextContent('25,310');
    await fastUser().type(screen.getByLabelText('Search transactions'), 'king');
    expect(await screen.findByText('734 transactions')).toBeInTheDocument();
    expect(screen.queryByText(/1,000\+/)).not.toBeInTheDocument();
  });
});
