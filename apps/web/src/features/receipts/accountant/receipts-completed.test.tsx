import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, noteEndpoints, profileEndpoints, receiptEndpoints as e, type Receipt } from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
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

const fakeCompleted = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }))
    .answer(e.accountantCounters, company, { active: 0, completed: 1, hidden: 0, duplicates: 0, unread: 0 })
    .answer(e.accountantChoices, company, { statuses: [], sources: ['WEB'], companies: [{ pk: 7, name: 'Sunrise Bakery LLC' }] })
    .answer(e.accountantCompleted, company, paginated([matched]))
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
    .answer(noteEndpoints.receiptList, { pk: matched.pk }, [])
    .install();

const openCompleted = async () => {
  renderAt('/dashboard/accountant/receipts/completed/7/');
  const table = await screen.findByLabelText('Completed receipts', {}, { timeout: 15_000 });
  await within(table).findByText('coffee.jpg');
  return table;
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
    expect(within(box).getByLabelText('Why it matches')).toHaveTextContent('amount matches exactly (12.50 USD), same day');
    expect(within(box).getByRole('link', { name: 'Open the transaction' })).toHaveAttribute(
      'href',
      '/dashboard/accountant/categorized/7/?date_from=2026-11-18&date_to=2026-11-18&transaction=301',
    );
    // The file stays a click away in the drawer.
    expect(screen.getByRole('link', { name: 'Open the file (coffee.jpg)' })).toHaveAttribute('href', matched.file.url);
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
