import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionEndpoints as e } from '@herd/contract';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const suggested = makeTransaction({
  suggestion: {
    category: { pk: 33, name: 'Utilities' },
    vendor: null,
    customer: null,
    class: null,
    source: 'HISTORY',
    confidence: 0.8,
    why: 'You chose Utilities for Blue Bottle Coffee 4 times, last on Sep 18',
  },
});
const others = [
  { pk: 102, date: '2026-10-02', amount: '6.50', description: 'SQ *BLUE BOTTLE COFFEE' },
  { pk: 103, date: '2026-10-01', amount: '4.25', description: 'SQ *BLUE BOTTLE COFFEE' },
  { pk: 104, date: '2026-09-30', amount: '7.00', description: 'SQ *BLUE BOTTLE COFFEE' },
  { pk: 105, date: '2026-09-29', amount: '3.10', description: 'SQ *BLUE BOTTLE COFFEE' },
];
const ANSWERED = { ...INBOX_COMPANY, transactionPk: suggested.pk };

/** The client answers the Blue Bottle transaction with its suggestion; four more of that payee are open. */
const answerOne = async (samePayee = others) => {
  const fake = fakeClientInbox([suggested], ['category', 'memo'])
    .answer(e.clientSamePayee, ANSWERED, { merchant: 'Blue Bottle Coffee', transactions: samePayee })
    .answer(e.clientSamePayeeApply, ANSWERED, []);
  renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
  fireEvent.click(within(await screen.findByTestId('suggestion')).getByRole('button', { name: /Accept/ }));
  await waitFor(() => expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(1));
  return fake;
};

describe('the same answer for the same payee', () => {
  it('is offered after an answer, lists them briefly, and one tap applies it to all of them in one request', async () => {
    const fake = await answerOne();
    const offer = await screen.findByTestId('same-payee-offer');
    expect(offer).toHaveTextContent('Apply the same answer to 4 more from Blue Bottle Coffee?');
    expect(offer).toHaveTextContent('Oct 2, 2026 · 6.50 · SQ *BLUE BOTTLE COFFEE');
    // Three are named, the rest counted.
    expect(within(offer).getAllByRole('listitem')).toHaveLength(4);
    expect(offer).toHaveTextContent('and 1 other');
    fireEvent.click(within(offer).getByRole('button', { name: 'Apply to 4 more' }));
    await waitFor(() => expect(fake.callsTo(e.clientSamePayeeApply, ANSWERED)).toHaveLength(1));
    expect(fake.callsTo(e.clientSamePayeeApply, ANSWERED)[0]!.body).toEqual({ pks: [102, 103, 104, 105] });
    await waitFor(() => expect(screen.queryByTestId('same-payee-offer')).toBeNull());
  });

  it('goes away on "Not now" without writing', async () => {
    const fake = await answerOne();
    fireEvent.click(within(await screen.findByTestId('same-payee-offer')).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('same-payee-offer')).toBeNull());
    expect(fake.callsTo(e.clientSamePayeeApply, ANSWERED)).toHaveLength(0);
  });

  it('is not shown when no other open transaction shares the payee', async () => {
    const fake = await answerOne([]);
    await waitFor(() => expect(fake.callsTo(e.clientSamePayee, ANSWERED)).toHaveLength(1));
    expect(screen.queryByTestId('same-payee-offer')).toBeNull();
  });
});
