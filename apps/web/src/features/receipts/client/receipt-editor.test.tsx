import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { noteEndpoints, receiptEndpoints as e, type Note } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };
// The total is a guess the person should check; the vendor was read surely.
const receipt = makeReceipt({ total: { value: '12.50', confidence: 0.4, edited: false } });
const accountantNote: Note = {
  pk: 61,
  body: 'Was this the team lunch?',
  sender: 'ACCOUNTANT',
  author: { pk: 1, name: 'Avery Stone' },
  is_mine: false,
  edited: false,
  created_at: '2026-11-21T09:00:00Z',
  mentions: [],
  pinned: false,
};

const fakeEditor = () =>
  createFakeApi()
    .answer(e.clientActive, company, receiptPage([receipt]))
    .answer(e.clientCounters, company, { active: 1, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
    .answer(e.clientUpdate, company, [receipt])
    .answer(e.clientHide, company, undefined)
    .answer(noteEndpoints.receiptList, { pk: receipt.pk }, [accountantNote])
    .answer(noteEndpoints.receiptCreate, { pk: receipt.pk }, { ...accountantNote, pk: 62, body: 'Yes, four of us.', sender: 'CLIENT', is_mine: true })
    .install();

const openReceipt = async () => {
  renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
  await fastUser().click(await screen.findByRole('button', { name: 'Open receipt Blue Bottle Coffee' }));
  return screen.findByRole('dialog');
};

describe('a receipt opened by its client', () => {
  it('says how each field came to be and flags the unsure total in the list', async () => {
    fakeEditor();
    const drawer = await openReceipt();
    expect(within(drawer).getByText('(read, 92% sure)')).toBeInTheDocument();
    expect(within(drawer).getByText('(a guess, 40% sure)')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: /Open the file/ })).toHaveAttribute('href', receipt.file.url);
    expect(screen.getByText(/Read: 1 field to check/)).toBeInTheDocument();
  });

  it('says why a file could not be read', async () => {
    const unreadable = makeReceipt({ read_state: 'FAILED', read_error: 'The first page of the PDF is blank.' });
    createFakeApi()
      .answer(e.clientActive, company, receiptPage([unreadable]))
      .answer(e.clientCounters, company, { active: 1, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
      .answer(noteEndpoints.receiptList, { pk: unreadable.pk }, [])
      .install();
    const drawer = await openReceipt();
    expect(within(drawer).getByText('This file could not be read: fill in what you know.')).toBeInTheDocument();
    expect(within(drawer).getByText('The first page of the PDF is blank.')).toBeInTheDocument();
  });

  it('sends only the fields the person changed, and clears a field emptied', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    const user = fastUser();
    await user.clear(within(drawer).getByLabelText(/^Total/));
    await user.type(within(drawer).getByLabelText(/^Total/), '14.25');
    await user.clear(within(drawer).getByLabelText(/^Vendor/));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ receipts: [{ pk: receipt.pk, total: '14.25', vendor: null }] });
  });

  it('marks the receipt done with its changes in one request', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save and mark done' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ receipts: [{ pk: receipt.pk, finished: true }] });
  });

  it('shows the server’s refusal of a change', async () => {
    const fake = fakeEditor();
    fake.answer(e.clientUpdate, company, () => ({ status: 400, data: { total: ['Total is not valid.'] } }));
    const drawer = await openReceipt();
    const user = fastUser();
    await user.clear(within(drawer).getByLabelText(/^Total/));
    await user.type(within(drawer).getByLabelText(/^Total/), '14.25');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Total is not valid.')).toBeInTheDocument();
  });

  it('reads a total pasted as people write money, and fills an empty currency from it', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    const user = fastUser();
    await user.clear(within(drawer).getByLabelText(/^Currency/));
    await user.clear(within(drawer).getByLabelText(/^Total/));
    await user.paste('€1,214.25');
    await user.click(within(drawer).getByLabelText(/^Vendor/));
    expect(within(drawer).getByLabelText(/^Total/)).toHaveValue('1214.25');
    expect(within(drawer).getByLabelText(/^Currency/)).toHaveValue('EUR');
    await user.click(within(drawer).getByRole('button', { name: 'Save and mark done' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ receipts: [{ pk: receipt.pk, total: '1214.25', currency: 'EUR', finished: true }] });
  });

  it('says why a total is not an amount, or not in the receipt’s currency, and sends nothing', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    const user = fastUser();
    const total = () =>
      within(drawer)
        .getByLabelText(/^Total/)
        .closest('.ant-form-item') as HTMLElement;
    await user.clear(within(drawer).getByLabelText(/^Total/));
    await user.type(within(drawer).getByLabelText(/^Total/), 'twelve');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(total()).toHaveTextContent('Not an amount: type it like 1,234.50.'));
    await user.clear(within(drawer).getByLabelText(/^Total/));
    await user.paste('£12.50');
    await user.click(within(drawer).getByRole('button', { name: 'Save and mark done' }));
    await waitFor(() => expect(total()).toHaveTextContent('Amounts here are in USD, not £.'));
    expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(0);
  });

  it('puts the server’s field errors under the field they belong to', async () => {
    const fake = fakeEditor();
    // The update takes a list: the server names the field of the first receipt sent.
    fake.answer(e.clientUpdate, company, () => ({ status: 400, data: { 'receipts.0.date': ['Date is not valid.'], 'receipts.0.currency': ['Currency is not valid.'] } }));
    const drawer = await openReceipt();
    const user = fastUser();
    await user.clear(within(drawer).getByLabelText(/^Currency/));
    await user.type(within(drawer).getByLabelText(/^Currency/), 'DOLLARS');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Currency is not valid.')).toBeInTheDocument();
    expect(
      within(drawer)
        .getByLabelText(/^Currency/)
        .closest('.ant-form-item'),
    ).toHaveTextContent('Currency is not valid.');
    expect(within(drawer).getByLabelText(/^Date/).closest('.ant-form-item')).toHaveTextContent('Date is not valid.');
  });

  it('hides it after a confirmation', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    const user = fastUser();
    await user.click(within(drawer).getByRole('button', { name: /Hide/ }));
    // The confirmation's own Hide button, after the drawer's.
    await screen.findByText('Hide this receipt?');
    await user.click(screen.getAllByRole('button', { name: 'Hide' }).at(-1)!);
    await waitFor(() => expect(fake.callsTo(e.clientHide, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientHide, company)[0]!.body).toEqual({ pks: [receipt.pk] });
  });

  it('shows the accountant’s notes and sends the client’s answer', async () => {
    const fake = fakeEditor();
    const drawer = await openReceipt();
    expect(await within(drawer).findByText('Was this the team lunch?')).toBeInTheDocument();
    const user = fastUser();
    await user.type(within(drawer).getByLabelText('New note'), 'Yes, four of us.');
    await user.click(within(drawer).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(fake.callsTo(noteEndpoints.receiptCreate, { pk: receipt.pk })).toHaveLength(1));
    expect(fake.callsTo(noteEndpoints.receiptCreate, { pk: receipt.pk })[0]!.body).toEqual({ body: 'Yes, four of us.' });
  });
});
