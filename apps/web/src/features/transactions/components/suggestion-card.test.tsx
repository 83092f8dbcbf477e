import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionEndpoints as e } from '@herd/contract';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const suggested = makeTransaction({
  suggestion: {
    category: { pk: 33, name: 'Utilities' },
    vendor: { pk: 70, name: 'Blue Bottle' },
    customer: null,
    class: null,
    source: 'HISTORY',
    confidence: 0.8,
    why: 'You chose Utilities for Blue Bottle Coffee 4 times, last on Sep 18',
  },
});

const open = async () => {
  renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  return screen.findByTestId('transaction-editor');
};

const sentChange = async (fake: ReturnType<typeof fakeClientInbox>) => {
  await waitFor(() => expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(1));
  return (fake.callsTo(e.clientUpdate, INBOX_COMPANY)[0]!.body as { transactions: Record<string, unknown>[] }).transactions[0]!;
};

describe('a suggested answer in the editor', () => {
  it('comes first with its why, holds the keyboard, and one click answers with it as accepted', async () => {
    const fake = fakeClientInbox([suggested], ['category', 'vendor', 'memo']);
    const panel = await open();
    const card = within(panel).getByTestId('suggestion');
    expect(card).toHaveTextContent('Suggested: Utilities · Blue Bottle');
    expect(card).toHaveTextContent('You chose Utilities for Blue Bottle Coffee 4 times, last on Sep 18');
    const accept = within(card).getByRole('button', { name: /Accept/ });
    await waitFor(() => expect(accept).toHaveFocus());
    fireEvent.click(accept);
    expect(await sentChange(fake)).toMatchObject({ pk: suggested.pk, finished: true, accepted_suggestion: true, lines: [{ category: 33, vendor: 70 }] });
  });

  it('is not offered without a suggestion, and the first field has the keyboard as before', async () => {
    fakeClientInbox([makeTransaction()], ['category', 'memo']);
    const panel = await open();
    expect(within(panel).queryByTestId('suggestion')).toBeNull();
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Category' })).toHaveFocus());
  });

  it('leaves out of the answer what this client may not set', async () => {
    const fake = fakeClientInbox([suggested], ['category', 'memo']);
    const panel = await open();
    fireEvent.click(within(within(panel).getByTestId('suggestion')).getByRole('button', { name: /Accept/ }));
    const change = await sentChange(fake);
    expect((change.lines as Record<string, unknown>[])[0]).not.toHaveProperty('vendor');
  });
});
