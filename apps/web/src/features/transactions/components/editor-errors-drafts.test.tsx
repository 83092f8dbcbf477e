import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionEndpoints as e } from '@herd/contract';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const coffee = makeTransaction();
const editor = () => screen.findByTestId('transaction-editor');
const ESCAPE = { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 };

const openCoffee = async () => {
  const app = renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  return { app, panel: await editor() };
};

const refuse = (fake: ReturnType<typeof fakeClientInbox>, data: Record<string, unknown>) => fake.answer(e.clientUpdate, INBOX_COMPANY, () => ({ status: 400, data }));

describe('a refused save', () => {
  it('says the error of a field the client cannot see, beside the buttons', async () => {
    // The company lets this client write the memo only; "Done" needs a category the client cannot set.
    const fake = fakeClientInbox([coffee], ['memo']);
    refuse(fake, { 'transactions.0.lines.0.category': ['Category is required.'] });
    const { panel } = await openCoffee();
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Category is required.');
    expect(panel).toBeInTheDocument();
  });

  it('says a refusal of the transaction’s status', async () => {
    const fake = fakeClientInbox([coffee]);
    refuse(fake, { 'transactions.0.status': ['This transaction can no longer be changed here (status: Published).'] });
    const { panel } = await openCoffee();
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This transaction can no longer be changed here (status: Published).');
  });

  it('puts a visible field’s error on the field, and says the detail too', async () => {
    const fake = fakeClientInbox([coffee]);
    refuse(fake, { detail: 'Your firm’s subscription has lapsed.', 'transactions.0.lines.0.category': ['Category is not valid.'] });
    const { panel } = await openCoffee();
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Your firm’s subscription has lapsed.');
    expect(within(within(panel).getByTestId('line-0')).getByText('Category is not valid.')).toBeInTheDocument();
  });
});

describe('closing with unsaved edits', () => {
  it('keeps them as a draft: the row says so, and the editor opens with them again', async () => {
    const fake = fakeClientInbox([coffee]);
    const { panel } = await openCoffee();
    fireEvent.change(within(panel).getByLabelText('Memo'), { target: { value: 'Coffee with a supplier' } });
    fireEvent.change(within(panel).getByLabelText('New note'), { target: { value: 'Receipt to follow' } });
    fireEvent.keyDown(within(panel).getByLabelText('Memo'), ESCAPE);
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
    expect(await screen.findByText(/Your changes to Blue Bottle Coffee are kept as a draft/)).toBeInTheDocument();
    const row = screen.getByTestId('transaction-row');
    expect(within(row).getByText('Draft')).toBeInTheDocument();

    fireEvent.click(within(row).getByText('Blue Bottle Coffee'));
    const again = await editor();
    expect(within(again).getByLabelText('Memo')).toHaveValue('Coffee with a supplier');
    expect(within(again).getByLabelText('New note')).toHaveValue('Receipt to follow');
    expect(within(again).getByText('Your unsaved changes are back.')).toBeInTheDocument();

    // Discarding goes back to what the server holds, and the row's mark goes with it.
    fireEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(within(again).getByLabelText('Memo')).toHaveValue('');
    await waitFor(() => expect(within(screen.getByTestId('transaction-row')).queryByText('Draft')).not.toBeInTheDocument());
    expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(0);
  });

  it('keeps no draft once saved', async () => {
    const fake = fakeClientInbox([coffee]);
    const { panel } = await openCoffee();
    fireEvent.change(within(panel).getByLabelText('Memo'), { target: { value: 'Coffee with a supplier' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByTestId('transaction-row')).queryByText('Draft')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem('herd.transaction-drafts')).toBe('{}');
  });

  it('sets a draft aside when the transaction changed meanwhile, and says so', async () => {
    const fake = fakeClientInbox([coffee]);
    const { app, panel } = await openCoffee();
    fireEvent.change(within(panel).getByLabelText('Memo'), { target: { value: 'Coffee with a supplier' } });
    fireEvent.keyDown(within(panel).getByLabelText('Memo'), ESCAPE);
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
    // The accountant wrote a memo in the meantime.
    fake.answer(e.clientActive, INBOX_COMPANY, { count: 1, count_capped: false, next: null, previous: null, results: [{ ...coffee, client_memo: 'Team coffee' }] });
    await app.client.invalidateQueries();
    await waitFor(() => expect(within(screen.getByTestId('transaction-row')).queryByText('Draft')).toBeInTheDocument());
    fireEvent.click(screen.getByText('Blue Bottle Coffee'));
    const again = await editor();
    expect(within(again).getByLabelText('Memo')).toHaveValue('Team coffee');
    expect(within(again).getByText(/changed since you left it/)).toBeInTheDocument();
  });
});
