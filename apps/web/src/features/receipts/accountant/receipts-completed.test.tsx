import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, noteEndpoints, profileEndpoints, receiptEndpoints as e, type Receipt, type ReceiptReasons } from '@herd/contract';
import { fastUser, findDialog, tableShowing } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile, paginated } from '../../../../test/fake-api';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';
import { transactionAddress } from './transaction-address';

const company = { pk: 7 };
const field = <T,>(value: T | null, confidence: number | null = null) => ({ value, confidence, edited: false });
const charge = makeTransaction({ pk: 301, status: 'PUBLISHED_IN_PLATFORM', date: '2026-11-18', amount: '12.50', payee: 'Blue Bottle Coffee' });
const matched: Receipt = {
  pk: 5,
  client_company: { pk: 7, name: 'Sunrise Bakery LLC' },
  status: 'MATCHED_TO_PLATFORM',
  is_hidden: false,
  source: 'WEB',
  read_state: 'READ',
  read_error: null,
  file: { pk: 15, name: 'coffee.jpg', content_type: 'image/jpeg', size: 1000, url: '/api/v1/storage/file/retrieve/15/', created_at: '2026-11-20T10:00:00Z' },
  thumbnail: { pk: 16, url: '/api/v1/storage/file/retrieve/16/' } as Receipt['thumbnail'],
  vendor: field('Blue Bottle', 0.92),
  date: field('2026-11-18', 0.9),
  total: field('12.50', 0.9),
  currency: field('USD', 0.9),
  note: '',
  uploaded_by: { pk: 3, name: 'Sam Client' },
  duplicate_of: null,
  transaction: charge.pk,
  notes_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

/** Herd matched it by itself; a card charge of another shop, same amount and day, lost on the vendor. */
const automatic: ReceiptReasons = {
  receipt: matched.pk,
  match: {
    transaction: charge.pk,
    score: 1,
    parts: [
      { kind: 'AMOUNT', points: 0.45, words: 'amount matches exactly (12.50 USD)' },
      { kind: 'DATE', points: 0.2, words: 'same day' },
      { kind: 'VENDOR', points: 0.3, words: 'same vendor: "Blue Bottle" ~ "Blue Bottle Coffee"' },
      { kind: 'CURRENCY', points: 0.05, words: 'both in USD' },
    ],
    automatic: true,
    recorded: true,
  },
  passed_over: [
    {
      transaction: { pk: 302, date: '2026-11-18', amount: '12.50', currency: 'USD', payee: 'SHELL OIL 5512', description: 'Card purchase' },
      score: 0.7,
      parts: [
        { kind: 'AMOUNT', points: 0.45, words: 'amount matches exactly (12.50 USD)' },
        { kind: 'VENDOR', points: 0, words: 'vendor differs: "Blue Bottle", charge "SHELL OIL 5512"' },
      ],
      why: 'LOWER_SCORE',
    },
  ],
  twin: null,
};

const fakeCompleted = (reasons: ReceiptReasons = automatic, receipt: Receipt = matched) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }))
    .answer(e.accountantCounters, company, { active: 0, completed: 1, hidden: 0, duplicates: 0, unread: 0 })
    .answer(e.accountantChoices, company, { statuses: [], sources: ['WEB'], companies: [{ pk: 7, name: 'Sunrise Bakery LLC' }] })
    .answer(e.accountantCompleted, company, paginated([receipt]))
    .answer(
      e.transactionDetails,
      { receiptPk: matched.pk },
      {
        receipt: matched.pk,
        transaction: charge,
        match: {
          score: 0.97,
          parts: [
            { kind: 'AMOUNT', points: 0.5, words: 'amount matches exactly (12.50 USD)' },
            { kind: 'DATE', points: 0.2, words: 'same day' },
          ],
        },
      },
    )
    .answer(e.reasons, { receiptPk: matched.pk }, reasons)
    .answer(noteEndpoints.receiptList, { pk: matched.pk }, [])
    .install();

const openCompleted = async () => {
  renderAt('/dashboard/accountant/receipts/completed/7/');
  return tableShowing('Completed receipts', 'coffee.jpg');
};

/** The drawer's matched charge, once its details have come. */
const matchedCharge = async () => {
  const drawer = await findDialog('Receipt: coffee.jpg');
  return within(drawer).findByRole('group', { name: 'Matched charge' });
};

describe('the accountant’s completed receipts', () => {
  it('opens a matched receipt from its thumbnail, with the charge, why it was matched and a link to the transaction', async () => {
    fakeCompleted();
    await openCompleted();
    await fastUser().click(screen.getByRole('button', { name: 'Open receipt coffee.jpg' }));
    const box = await matchedCharge();
    expect(within(box).getByText('Blue Bottle Coffee')).toBeInTheDocument();
    const why = await within(box).findByRole('group', { name: 'Why it matches' });
    expect(why).toHaveTextContent('Herd matched it by itself');
    expect(why).toHaveTextContent('It scored 1.00 of 1, 0.30 ahead of the next charge');
    // Each part with its points out of its weight, in words.
    const parts = within(why).getAllByRole('group', { name: 'How it scored' })[0]!;
    expect(parts).toHaveTextContent('Amount 0.45 of 0.45 amount matches exactly (12.50 USD)');
    expect(parts).toHaveTextContent('Date 0.20 of 0.20 same day');
    expect(parts).toHaveTextContent('Vendor 0.30 of 0.30 same vendor: "Blue Bottle" ~ "Blue Bottle Coffee"');
    expect(parts).toHaveTextContent('Currency 0.05 of 0.05 both in USD');
    // What lost, and why.
    const lost = within(why).getByRole('group', { name: 'Other charges considered' });
    expect(lost).toHaveTextContent('SHELL OIL 5512');
    expect(lost).toHaveTextContent('Scored 0.70, 0.30 below the match.');
    expect(lost).toHaveTextContent('vendor differs: "Blue Bottle", charge "SHELL OIL 5512"');
    expect(within(box).getByRole('link', { name: 'Open the transaction' })).toHaveAttribute(
      'href',
      '/dashboard/accountant/categorized/7/?date_from=2026-11-18&date_to=2026-11-18&transaction=301',
    );
    // The file stays a click away in the drawer.
    expect(screen.getByRole('link', { name: 'Open the file (coffee.jpg)' })).toHaveAttribute('href', matched.file.url);
  });

  it('says plainly when an old match’s reasons were not recorded', async () => {
    fakeCompleted({ receipt: matched.pk, match: { transaction: charge.pk, score: null, parts: [], automatic: null, recorded: false }, passed_over: [], twin: null });
    await openCompleted();
    await fastUser().click(screen.getByRole('button', { name: 'Open receipt coffee.jpg' }));
    const why = await within(await matchedCharge()).findByRole('group', { name: 'Why it matches' });
    expect(why).toHaveTextContent('The reasons for this match were not recorded: it was made before Herd kept them.');
    expect(within(why).queryByRole('group', { name: 'How it scored' })).not.toBeInTheDocument();
  });

  it('shows the earlier receipt a duplicate repeats, with its file', async () => {
    const earlier: Receipt = { ...matched, pk: 4, file: { ...matched.file, pk: 14, name: 'coffee-first.jpg', url: '/api/v1/storage/file/retrieve/14/' } };
    const copy: Receipt = { ...matched, duplicate_of: earlier.pk };
    fakeCompleted({ ...automatic, twin: { receipt: earlier, same_file: true } }, copy);
    await openCompleted();
    await fastUser().click(screen.getByRole('button', { name: 'Open receipt coffee.jpg' }));
    const twin = await within(await findDialog('Receipt: coffee.jpg')).findByRole('region', { name: 'Earlier receipt it repeats' });
    expect(await within(twin).findByText(/This receipt repeats an earlier one: the very same file/)).toBeInTheDocument();
    expect(twin).toHaveTextContent('Blue Bottle');
    expect(twin).toHaveTextContent('12.50 USD');
    expect(twin).toHaveTextContent('sent Nov 20, 2026 by Sam Client');
    expect(within(twin).getByRole('link', { name: 'Open the earlier receipt’s file (coffee-first.jpg)' })).toHaveAttribute('href', earlier.file.url);
  });

  it('opens it from a click on the row and from the row’s Open button, but not from its checkbox', async () => {
    fakeCompleted();
    const table = await openCompleted();
    const row = within(table).getByText('coffee.jpg').closest('tr')!;
    await fastUser().click(within(row).getByRole('checkbox'));
    expect(within(row).getByRole('checkbox')).toBeChecked();
    expect(screen.queryByText('Open the file (coffee.jpg)')).not.toBeInTheDocument();
    await fastUser().click(within(row).getByText('Sam Client'));
    await matchedCharge();
    await fastUser().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Open the file (coffee.jpg)')).not.toBeInTheDocument());
    await fastUser().click(within(row).getByRole('button', { name: 'Open coffee.jpg' }));
    await matchedCharge();
  });
});

describe('transactionAddress', () => {
  it('leads to the list that holds the transaction, narrowed to its day, with it open', () => {
    expect(transactionAddress(makeTransaction({ pk: 9, status: 'READY', date: '2026-01-02' }))).toBe(
      '/dashboard/accountant/active/7/?date_from=2026-01-02&date_to=2026-01-02&transaction=9',
    );
    expect(transactionAddress(makeTransaction({ pk: 9, status: 'MATCHED_TO_PLATFORM', is_hidden: true, date: '2026-01-02' }))).toMatch(
      /^\/dashboard\/accountant\/hidden\/7\//,
    );
    expect(transactionAddress(makeTransaction({ status: 'CANCELLED' }))).toBeNull();
  });
});
