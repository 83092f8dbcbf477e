import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { noteEndpoints, receiptEndpoints as e, type Receipt, type ReceiptReasons, type ReceiptSuggestion } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };

const suggestion = (pk: number, score: number, payee: string): ReceiptSuggestion => ({
  transaction: { pk, date: '2026-11-20', amount: '12.50', currency: 'USD', payee, description: 'Card purchase' },
  score,
  parts: [
    { kind: 'AMOUNT', points: 0.45, words: 'amount matches exactly (12.50 USD)' },
    { kind: 'DATE', points: 0.2, words: 'same day' },
  ],
});

/** The client's receipts section with one receipt, opened in its drawer; `matches/new/` answers these charges. */
const openWith = async (receipt: Receipt, suggestions: ReceiptSuggestion[], reasons?: ReceiptReasons) => {
  const api = createFakeApi();
  if (reasons) api.answer(e.reasons, { receiptPk: receipt.pk }, reasons);
  const fake = api
    .answer(e.clientActive, company, receiptPage([receipt]))
    .answer(e.clientCounters, company, { active: 1, completed: 0, hidden: 0, duplicates: receipt.duplicate_of === null ? 0 : 1, unread: 0 })
    .answer(noteEndpoints.receiptList, { pk: receipt.pk }, [])
    .answer(e.findMatches, {}, { suggestions })
    .install();
  renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
  await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
  return { fake, drawer: await screen.findByRole('dialog') };
};

describe('the client’s match prompt says why Herd asks', () => {
  it('when the surest charge is not sure enough to match by itself', async () => {
    const { drawer } = await openWith(makeReceipt(), [suggestion(302, 0.62, 'SQ *CORNER CAFE')]);
    expect(
      await within(drawer).findByText('Herd did not match it by itself: the surest charge scores 0.62, and Herd matches by itself only from 0.85.'),
    ).toBeInTheDocument();
    const card = within(drawer).getByRole('listitem');
    expect(within(card).getByRole('group', { name: 'How it scored' })).toHaveTextContent('Amount 0.45 of 0.45 amount matches exactly (12.50 USD)');
  });

  it('when two charges are too close to tell apart', async () => {
    const { drawer, fake } = await openWith(makeReceipt(), [suggestion(301, 0.95, 'BLUE BOTTLE #1'), suggestion(303, 0.9, 'BLUE BOTTLE #2')]);
    expect(await within(drawer).findByText(/two charges score 0\.95 and 0\.90, too close to tell apart/)).toBeInTheDocument();
    // An open receipt that repeats nothing asks for no reasons of its own: its prompt is the suggestions.
    expect(fake.callsTo(e.reasons, { receiptPk: 501 })).toHaveLength(0);
  });
});

describe('a duplicate opened by its client', () => {
  it('shows the earlier receipt it repeats', async () => {
    const earlier = makeReceipt({ pk: 40, created_at: '2026-11-19T09:00:00Z', file: { ...makeReceipt().file, pk: 940, name: 'coffee-earlier.jpg', url: '/f/940/' } });
    const copy = makeReceipt({ duplicate_of: 40 });
    const { drawer } = await openWith(copy, [], { receipt: copy.pk, match: null, passed_over: [], twin: { receipt: earlier, same_file: false } });
    const twin = await within(drawer).findByRole('region', { name: 'Earlier receipt it repeats' });
    expect(await within(twin).findByText('This receipt repeats an earlier one: the same vendor, date and total in another file.')).toBeInTheDocument();
    expect(twin).toHaveTextContent('sent Nov 19, 2026');
    expect(within(twin).getByRole('link', { name: 'Open the earlier receipt’s file (coffee-earlier.jpg)' })).toHaveAttribute('href', '/f/940/');
  });
});
