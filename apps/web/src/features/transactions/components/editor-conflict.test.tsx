import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionEndpoints as e, type TransactionChange } from '@herd/contract';
import { CATEGORIES, fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

/** The coffee as the client opened it (version 4), and as the accountant saved it meanwhile (version 6, Meals, a memo). */
const coffee = makeTransaction({ version: 4 });
const meals = CATEGORIES[1]!;
const theirs = makeTransaction({
  version: 6,
  client_memo: 'Client lunch',
  lines: [{ ...coffee.lines[0]!, category: { pk: meals.pk, name: meals.name } }],
});

const STALE = {
  status: 409,
  data: {
    detail: 'Someone else saved this transaction after you opened it, so your changes were not saved. Look at what changed, then keep yours or take theirs.',
    current: [theirs],
  },
};

/** The client's inbox where the first save is refused as stale and later ones are written; `sent` holds each save's changes. */
const staleOnce = () => {
  const sent: TransactionChange[][] = [];
  const fake = fakeClientInbox([coffee]);
  fake.answer(e.clientUpdate, INBOX_COMPANY, (request) => {
    const changes = (request.body as { transactions: TransactionChange[] }).transactions;
    sent.push(changes);
    return sent.length === 1 ? STALE : { status: 200, data: [{ ...coffee, version: 9, client_memo: changes[0]!.client_memo ?? '' }] };
  });
  return { fake, sent };
};

const openAndSave = async () => {
  renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  const panel = await screen.findByTestId('transaction-editor');
  fireEvent.change(within(panel).getByLabelText('Memo'), { target: { value: 'Coffee with a supplier' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  return { panel, conflict: await within(panel).findByTestId('edit-conflict') };
};

describe('a save someone else’s save overtook', () => {
  it('sends the version the editor opened, then says what the other person changed and keeps the edits', async () => {
    const { sent } = staleOnce();
    const { panel, conflict } = await openAndSave();
    expect(sent[0]![0]).toMatchObject({ pk: coffee.pk, version: 4, client_memo: 'Coffee with a supplier' });
    expect(conflict).toHaveTextContent('Someone else saved this transaction while you were editing it');
    expect(conflict).toHaveTextContent('Category: none → Meals & Entertainment');
    expect(conflict).toHaveTextContent('Memo: empty → “Client lunch”');
    expect(within(panel).getByLabelText('Memo')).toHaveValue('Coffee with a supplier');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('keeps mine: the same edits saved again over the version now held', async () => {
    const { sent } = staleOnce();
    const { panel, conflict } = await openAndSave();
    fireEvent.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]![0]).toMatchObject({ pk: coffee.pk, version: 6, client_memo: 'Coffee with a supplier' });
    await waitFor(() => expect(within(panel).queryByTestId('edit-conflict')).not.toBeInTheDocument());
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('takes theirs: their answer fills the form, and the next save starts from their version', async () => {
    const { sent } = staleOnce();
    const { panel, conflict } = await openAndSave();
    fireEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    expect(within(panel).queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Memo')).toHaveValue('Client lunch');
    expect(within(within(panel).getByTestId('line-0')).getAllByText('Meals & Entertainment')[0]).toBeInTheDocument();
    expect(sent).toHaveLength(1);

    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]![0]).toMatchObject({ version: 6, client_memo: 'Client lunch', lines: [{ category: meals.pk }] });
  });
});
