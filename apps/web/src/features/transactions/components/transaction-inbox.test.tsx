import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clientSideEndpoints, profileEndpoints } from '@herd/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteEndpoints, refEndpoints, transactionEndpoints as e, type ClientEditableField, type Transaction } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const coffee = makeTransaction();
const flour = makeTransaction({ pk: 102, payee: 'King Arthur Baking', description: 'KING ARTHUR', amount: '100.00' });

const fakeInbox = (items: Transaction[] = [coffee, flour], editable: ClientEditableField[] = ['category', 'vendor', 'memo', 'split', 'attachments']) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeClientProfile())
    .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany({ client_editable_fields: editable })])
    .answer(clientSideEndpoints.ownCompany, company, makeOwnCompany({ client_editable_fields: editable }))
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
    .answer(e.clientActive, company, transactionPage(items))
    .answer(refEndpoints.clientCategories, company, [
      { pk: 31, name: 'Meals & Entertainment', active: true, account_type: 'Expense', is_payment_account: false, is_watched: false },
    ])
    .answer(refEndpoints.vendors, company, [])
    .answer(noteEndpoints.transactionList, { pk: 101 }, [])
    .answer(noteEndpoints.transactionList, { pk: 102 }, [])
    .answer(e.clientUpdate, company, [])
    .install();

const rows = () => screen.getAllByTestId('transaction-row');
const editor = () => screen.findByTestId('transaction-editor');
const open = () => renderAt('/dashboard/client/company-client/?company=7');

describe('the client’s transactions', () => {
  it('says "All caught up" when nothing waits', async () => {
    fakeInbox([]);
    open();
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });

  it('says "1,000+" in the header when there are more transactions than the server counts', async () => {
    const fake = fakeInbox();
    fake.answer(e.clientActive, company, transactionPage([coffee, flour], 1000, true));
    open();
    expect(await screen.findByText('1,000+ transactions to explain')).toBeInTheDocument();
  });

  it('gives the exact count when it is known', async () => {
    const fake = fakeInbox();
    fake.answer(e.clientActive, company, transactionPage([coffee, flour], 2345));
    open();
    expect(await screen.findByText('2,345 transactions to explain')).toBeInTheDocument();
  });

  it('moves with j/k, opens with Enter, finishes with Ctrl+Enter and lists the shortcuts with ?', async () => {
    const fake = fakeInbox();
    open();
    await screen.findByText('Blue Bottle Coffee');
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rows()[1]).toHaveAttribute('aria-current', 'true'));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(rows()[0]).toHaveAttribute('aria-current', 'true'));
    fireEvent.keyDown(window, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Ctrl + Enter')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(await editor()).toHaveTextContent('King Arthur Baking');
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({
      transactions: [{ pk: 102, version: 1, finished: true, client_memo: '', lines: [{ pk: 501, amount: '100.00', description: '', category: null, vendor: null }] }],
    });
  });

  describe('keeping the cursor in view', () => {
    afterEach(() => vi.restoreAllMocks());

    it('leaves the page where it is on load, and scrolls to the cursor once the keyboard moves it', async () => {
      const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
      fakeInbox();
      open();
      await screen.findByText('Blue Bottle Coffee');
      // The first row is the cursor from the start; on a phone it sits below the requests and receipts.
      expect(rows()[0]).toHaveAttribute('aria-current', 'true');
      expect(scrolled).not.toHaveBeenCalled();
      fireEvent.keyDown(window, { key: 'j' });
      await waitFor(() => expect(scrolled.mock.contexts).toContain(rows()[1]));
    });
  });

  it('refuses to save a split that does not add up, and shows what is left', async () => {
    const fake = fakeInbox();
    open();
    await fastUser().click(await screen.findByText('King Arthur Baking'));
    const panel = await editor();
    await fastUser().click(within(panel).getByRole('button', { name: /Split/ }));
    const first = within(panel).getByLabelText('Line 1 amount');
    await fastUser().clear(first);
    await fastUser().type(first, '60');
    // The second line follows what is left until its own amount is typed.
    const second = within(panel).getByLabelText('Line 2 amount');
    expect(second).toHaveValue('40.00');
    await fastUser().clear(second);
    await fastUser().type(second, '30');
    expect(within(panel).getByTestId('remaining')).toHaveTextContent('Remaining: 10.00');
    await fastUser().click(within(panel).getByRole('button', { name: 'Done' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('The lines must add up to 100.00: 10.00 is left to assign.');
    expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(0);
  });

  it('fills the second line of a split with the remainder, and the third with what is left after both', async () => {
    fakeInbox();
    open();
    await fastUser().click(await screen.findByText('King Arthur Baking'));
    const panel = await editor();
    await fastUser().click(within(panel).getByRole('button', { name: /Split/ }));
    const first = within(panel).getByLabelText('Line 1 amount');
    await fastUser().clear(first);
    await fastUser().type(first, '72.5');
    expect(within(panel).getByLabelText('Line 2 amount')).toHaveValue('27.50');
    expect(within(panel).getByTestId('remaining')).toHaveTextContent('Remaining: 0.00');
    // Once typed, a line's own amount stays: the next line added takes what is left.
    await fastUser().clear(within(panel).getByLabelText('Line 2 amount'));
    await fastUser().type(within(panel).getByLabelText('Line 2 amount'), '20');
    // Left, an amount shows as it was read: the first line says 72.50, and Backspace makes it 72.5 again.
    await fastUser().type(first, '{Backspace}');
    expect(first).toHaveValue('72.5');
    expect(within(panel).getByLabelText('Line 2 amount')).toHaveValue('20.00');
    await fastUser().click(within(panel).getByRole('button', { name: /Add a line/ }));
    expect(within(panel).getByLabelText('Line 3 amount')).toHaveValue('7.50');
  });

  it('hides the fields the company does not let the client set', async () => {
    fakeInbox([coffee], ['category']);
    open();
    await fastUser().click(await screen.findByText('Blue Bottle Coffee'));
    const panel = await editor();
    expect(within(panel).getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    for (const name of ['Vendor', 'Class', 'Location', 'Tax', 'Billable']) expect(within(panel).queryByRole('combobox', { name })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Split/ })).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Memo')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Attach a receipt/ })).not.toBeInTheDocument();
  });

  it('shows the server’s field errors on the right field', async () => {
    const fake = fakeInbox([coffee]);
    fake.answer(e.clientUpdate, company, () => ({
      status: 400,
      data: { 'transactions.0.lines.0.category': ['Category is required.'], 'transactions.0.client_memo': ['Memo is too long.'] },
    }));
    open();
    await fastUser().click(await screen.findByText('Blue Bottle Coffee'));
    const panel = await editor();
    await fastUser().click(within(panel).getByRole('button', { name: 'Done' }));
    expect(await within(panel).findByText('Category is required.')).toBeInTheDocument();
    expect(within(panel).getByText('Memo is too long.')).toBeInTheDocument();
  });

  it('marks several as done at once and says which ones need a category', async () => {
    const fake = fakeInbox();
    fake.answer(e.clientUpdate, company, () => ({ status: 400, data: { 'transactions.1.lines.0.category': ['Category is required.'] } }));
    open();
    await screen.findByText('Blue Bottle Coffee');
    await fastUser().click(screen.getByRole('checkbox', { name: 'Select Blue Bottle Coffee' }));
    await fastUser().click(screen.getByRole('checkbox', { name: 'Select King Arthur Baking' }));
    await fastUser().click(screen.getByRole('button', { name: /Mark as done/ }));
    await waitFor(() => expect(within(rows()[1]!).getByRole('alert')).toHaveTextContent('Category is required.'));
    expect(within(rows()[0]!).queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({
      transactions: [
        { pk: 101, version: 1, finished: true },
        { pk: 102, version: 1, finished: true },
      ],
    });
  });

  it('marks none as done when one was answered elsewhere meanwhile, says so and shows the list as it is now', async () => {
    const fake = fakeInbox();
    fake.answer(e.clientUpdate, company, () => ({
      status: 409,
      data: {
        detail: 'Someone else saved 1 of these transactions after you opened them, so nothing was saved. Look at what changed, then try again.',
        current: [{ ...flour, version: 3, status: 'FINISHED_IN_HERD' }],
      },
    }));
    open();
    await screen.findByText('Blue Bottle Coffee');
    const listed = fake.callsTo(e.clientActive, company).length;
    await fastUser().click(screen.getByRole('checkbox', { name: 'Select Blue Bottle Coffee' }));
    await fastUser().click(screen.getByRole('checkbox', { name: 'Select King Arthur Baking' }));
    await fastUser().click(screen.getByRole('button', { name: /Mark as done/ }));
    expect(await screen.findByText(/Someone else saved 1 of these transactions after you opened them/)).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(e.clientActive, company).length).toBeGreaterThan(listed));
  });

  it('pages through a long inbox: j past the last row turns the page, k turns back, the pager jumps', async () => {
    const fake = fakeInbox();
    // 101 waiting: one row on page 1 and one on page 2 stand for the full pages.
    fake.answer(e.clientActive, company, (request) => ({
      status: 200,
      data: transactionPage(request.params.page === 2 ? [flour] : [coffee], 101),
    }));
    open();
    await screen.findByText('Blue Bottle Coffee');
    expect(fake.callsTo(e.clientActive, company)[0]!.params).toMatchObject({ page: 1, page_size: 100 });
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('King Arthur Baking'));
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Blue Bottle Coffee'));
    await fastUser().click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('King Arthur Baking'));
    expect(fake.callsTo(e.clientActive, company).map((call) => call.params.page)).toEqual([1, 2, 1, 2]);
  });

  it('pages past a capped count for as long as the server has a next page', async () => {
    const fake = fakeInbox();
    // A restricted user's count stops at the cap; page 11 exists beyond it, page 12 does not.
    fake.answer(e.clientActive, company, (request) => {
      const page = Number(request.params.page);
      return { status: 200, data: { ...transactionPage([page === 11 ? flour : coffee], 1000, true), next: page < 11 ? 'http://testserver/next/' : null } };
    });
    open();
    expect(await screen.findByText('1,000+ transactions to explain')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('listitem', { name: '10' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: '11' })).toBeInTheDocument());
    await fastUser().click(screen.getByRole('listitem', { name: '11' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('King Arthur Baking'));
    expect(screen.queryByRole('listitem', { name: '12' })).not.toBeInTheDocument();
  });

  it('shows no pager when everything fits on one page', async () => {
    fakeInbox();
    open();
    await screen.findByText('Blue Bottle Coffee');
    expect(screen.queryByRole('listitem', { name: '2' })).not.toBeInTheDocument();
  });

  it('pages through the completed list', async () => {
    const fake = fakeInbox();
    const done = { ...flour, status: 'FINISHED_IN_HERD' as const };
    fake.answer(e.clientCompleted, company, (request) => ({
      status: 200,
      data: transactionPage(request.params.page === 2 ? [done] : [{ ...coffee, status: 'PUBLISHED_IN_PLATFORM' as const }], 150),
    }));
    renderAt('/dashboard/client/company-client/transactions/completed/7/');
    expect(await screen.findByText('Blue Bottle Coffee')).toBeInTheDocument();
    expect(screen.getByText('150 transactions')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('King Arthur Baking')).toBeInTheDocument();
    expect(screen.queryByText('Blue Bottle Coffee')).not.toBeInTheDocument();
    expect(fake.callsTo(e.clientCompleted, company).at(-1)!.params).toMatchObject({ page: 2, page_size: 100 });
  });
});
