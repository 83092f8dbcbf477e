import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { clientSideEndpoints, noteEndpoints, receiptEndpoints as e, type ReceiptSuggestion } from '@herd/contract';
import { routes } from '../../../lib/routes';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeOwnCompany } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsListPage } from './client-receipts-list-page';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };
const receipt = makeReceipt();

const suggestion = (pk: number, score: number, payee: string, words: string[]): ReceiptSuggestion => ({
  transaction: { pk, date: '2026-11-20', amount: '12.50', currency: 'USD', payee, description: 'Card purchase' },
  score,
  parts: words.map((w, i) => ({ kind: ['AMOUNT', 'DATE', 'VENDOR', 'CURRENCY'][i]!, points: [0.45, 0.2, 0.3, 0.05][i]!, words: w })),
});
const strong = suggestion(301, 0.93, 'BLUE BOTTLE COFFEE #12', [
  'amount matches exactly (12.50 USD)',
  '1 day apart',
  'same vendor: "Blue Bottle Coffee" ~ "BLUE BOTTLE COFFEE #12"',
]);
const possible = suggestion(302, 0.62, 'SQ *CORNER CAFE', ['amount matches exactly (12.50 USD)', '4 days apart', 'vendors differ']);
const later = suggestion(303, 0.74, 'BLUE BOTTLE WEB', ['amount matches exactly (12.50 USD)', '3 days apart', 'same vendor: "Blue Bottle Coffee" ~ "BLUE BOTTLE WEB"']);

/** The company's receipts section, its one receipt, and `matches/new/` answering each look in turn. */
const fakeMatching = (looks: ReceiptSuggestion[][]) => {
  let look = 0;
  return createFakeApi()
    .answer(e.clientActive, company, receiptPage([receipt]))
    .answer(e.clientCounters, company, { active: 1, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
    .answer(noteEndpoints.receiptList, { pk: receipt.pk }, [])
    .answer(e.findMatches, {}, () => ({ status: 200, data: { suggestions: looks[Math.min(look++, looks.length - 1)]! } }))
    .install();
};

const openReceipt = async () => {
  renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
  await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
  const drawer = await screen.findByRole('dialog');
  return within(drawer).findByRole('list', { name: 'Suggested charges' });
};

describe('the charges that may be a receipt’s, in its drawer', () => {
  it('lists them best first with the score in plain words and its reasons, and matches the one the person picks', async () => {
    const fake = fakeMatching([[strong, possible]]).answer(e.match, {}, { ...receipt, status: 'MATCHED_TO_PLATFORM', transaction: 301 });
    const list = await openReceipt();
    expect(fake.callsTo(e.findMatches, {})[0]!.body).toEqual({ receipt: receipt.pk });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Strong match');
    expect(first).toHaveTextContent('BLUE BOTTLE COFFEE #12');
    expect(first).toHaveTextContent('12.50 USD');
    // Each part of the score on its line, with its points out of its weight.
    const parts = within(first!).getByRole('group', { name: 'How it scored' });
    expect(parts).toHaveTextContent('Amount 0.45 of 0.45 amount matches exactly (12.50 USD)');
    expect(parts).toHaveTextContent('Date 0.20 of 0.20 1 day apart');
    expect(parts).toHaveTextContent('Vendor 0.30 of 0.30 same vendor: "Blue Bottle Coffee" ~ "BLUE BOTTLE COFFEE #12"');
    expect(first).not.toHaveTextContent('0.93');
    expect(second).toHaveTextContent('Possible match');
    expect(second).toHaveTextContent('vendors differ');

    await fastUser().click(within(second!).getByRole('button', { name: /This is it/ }));
    await waitFor(() => expect(fake.callsTo(e.match, {})).toHaveLength(1));
    expect(fake.callsTo(e.match, {})[0]!.body).toEqual({ receipt: receipt.pk, transaction: 302, action: 'match' });
    expect(await screen.findByText('Receipt matched: its file is attached to the charge.')).toBeInTheDocument();
    // The lists and counters are asked again: the receipt has left the active list.
    await waitFor(() => expect(fake.callsTo(e.clientActive, company).length).toBeGreaterThan(1));
    expect(fake.callsTo(e.clientCounters, company).length).toBeGreaterThan(1);
  });

  it('turns a charge down for good after a confirmation, and looks again without it', async () => {
    const fake = fakeMatching([[strong, possible], [possible]]).answer(e.match, {}, receipt);
    const list = await openReceipt();
    await fastUser().click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: /Not this one/ }));
    expect(fake.callsTo(e.match, {})).toHaveLength(0);
    await screen.findByText('Not this charge?');
    // The confirmation's own button, after the card's.
    await fastUser().click(screen.getAllByRole('button', { name: /Not this one/ }).at(-1)!);
    await waitFor(() => expect(fake.callsTo(e.match, {})).toHaveLength(1));
    expect(fake.callsTo(e.match, {})[0]!.body).toEqual({ receipt: receipt.pk, transaction: 301, action: 'reject' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent('BLUE BOTTLE COFFEE #12');
  });

  it('finds more: looks at the charges again and shows what it answers', async () => {
    const fake = fakeMatching([[], [later]]);
    renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
    await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No charge fits yet. Herd looks again when new charges arrive.')).toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: /Find more/ }));
    const list = await within(drawer).findByRole('list', { name: 'Suggested charges' });
    expect(fake.callsTo(e.findMatches, {})).toHaveLength(2);
    expect(list).toHaveTextContent('BLUE BOTTLE WEB');
    expect(list).toHaveTextContent('Good match');
  });

  it('shows the server’s refusal of a match where the drawer shows its errors', async () => {
    fakeMatching([[strong]]).answer(e.match, {}, () => ({ status: 400, data: { detail: 'This client may not add attachments, so may not match receipts.' } }));
    const list = await openReceipt();
    await fastUser().click(within(list).getByRole('button', { name: /This is it/ }));
    expect(await screen.findByText('This client may not add attachments, so may not match receipts.')).toBeInTheDocument();
  });

  it('leaves the matching to the accountant when the company does not let its client add attachments', async () => {
    const fake = fakeMatching([[strong]]).answer(clientSideEndpoints.ownCompany, company, makeOwnCompany({ pk: 7, client_editable_fields: ['category', 'memo'] }));
    renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
    await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
    expect(await screen.findByText('Your accountant matches this receipt to its charge.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /This is it/ })).not.toBeInTheDocument();
    expect(fake.callsTo(e.findMatches, {})).toHaveLength(0);
  });

  it('does not look for charges before the receipt has a date and a total', async () => {
    const undated = makeReceipt({ date: { value: null, confidence: null, edited: false } });
    const fake = createFakeApi()
      .answer(e.clientActive, company, receiptPage([undated]))
      .answer(e.clientCounters, company, { active: 1, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
      .answer(noteEndpoints.receiptList, { pk: undated.pk }, [])
      .install();
    renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
    await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
    expect(await screen.findByText('Herd looks for the charge once the receipt has a date and a total.')).toBeInTheDocument();
    expect(fake.callsTo(e.findMatches, {})).toHaveLength(0);
  });
});

describe('a matched receipt opened by its client', () => {
  it('shows the charge it is matched to, and why', async () => {
    const matched = makeReceipt({ status: 'MATCHED_TO_PLATFORM', transaction: 301 });
    const charge = makeTransaction({ pk: 301, date: '2026-11-20', amount: '12.50', currency: 'USD', payee: 'BLUE BOTTLE COFFEE #12', description: 'Card purchase' });
    const fake = createFakeApi()
      .answer(e.clientCompleted, company, receiptPage([matched]))
      .answer(
        e.transactionDetails,
        { receiptPk: matched.pk },
        {
          receipt: matched.pk,
          transaction: charge,
          match: {
            score: 0.97,
            parts: [
              { kind: 'AMOUNT', points: 0.5, words: 'amount matches exactly (12.50)' },
              { kind: 'DATE', points: 0.2, words: 'same day' },
            ],
          },
        },
      )
      .answer(
        e.reasons,
        { receiptPk: matched.pk },
        {
          receipt: matched.pk,
          match: {
            transaction: 301,
            score: 0.65,
            parts: [
              { kind: 'AMOUNT', points: 0.45, words: 'amount matches exactly (12.50)' },
              { kind: 'DATE', points: 0.2, words: 'same day' },
            ],
            automatic: false,
            recorded: true,
          },
          passed_over: [{ transaction: possible.transaction, score: 0.62, parts: possible.parts, why: 'TURNED_DOWN' }],
          twin: null,
        },
      )
      .answer(noteEndpoints.receiptList, { pk: matched.pk }, [])
      .install();
    renderPage(<ClientReceiptsListPage list="completed" />, {
      path: '/dashboard/client/company-client/receipts/completed/7/',
      route: routes.client.receiptsCompleted,
      profile: makeClientProfile(),
    });
    await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
    const drawer = await screen.findByRole('dialog');
    const shown = await within(drawer).findByRole('group', { name: 'Matched charge' });
    expect(shown).toHaveTextContent('BLUE BOTTLE COFFEE #12');
    expect(shown).toHaveTextContent('12.50 USD');
    expect(shown).toHaveTextContent('Nov 20, 2026');
    const why = await within(shown).findByRole('group', { name: 'Why it matches' });
    expect(why).toHaveTextContent('A person matched this receipt to this charge. How it scored:');
    expect(why).toHaveTextContent('Amount 0.45 of 0.45 amount matches exactly (12.50)');
    expect(why).toHaveTextContent('Date 0.20 of 0.20 same day');
    // The charge the client turned down before picking this one, and why it lost.
    const lost = within(why).getByRole('group', { name: 'Other charges considered' });
    expect(lost).toHaveTextContent('SQ *CORNER CAFE');
    expect(lost).toHaveTextContent('Turned down: someone said it is not this receipt’s charge');
    expect(fake.callsTo(e.findMatches, {})).toHaveLength(0);
  });
});
