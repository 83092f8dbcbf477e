import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, importEndpoints, transactionEndpoints as e, profileEndpoints } from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

const company = { pk: 7 };

/** The accountant's list of one kind for company 7, as the app mounts it at its address. */
const open = (kind: 'active' | 'categorized' | 'hidden') =>
  renderPage(<AccountantTransactionsPage kind={kind} />, { path: `/dashboard/accountant/${kind}/7/`, route: routes.accountant[kind] });
const coffee = makeTransaction({ status: 'FINISHED_IN_HERD' });
const flour = makeTransaction({ pk: 102, payee: 'King Arthur Baking', status: 'FINISHED_IN_HERD' });
const fee = makeTransaction({ pk: 103, payee: 'ATM fee', is_hidden: true });

const fakeAccountant = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'CSV' }))
    .answer(e.accountantCounters, company, { active: 0, categorized: 2, hidden: 1, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantActive, company, transactionPage([]))
    .answer(e.accountantCategorized, company, transactionPage([coffee, flour]))
    .answer(e.accountantHidden, company, transactionPage([fee]))
    .answer(e.hide, company, undefined)
    .answer(e.unhide, company, undefined)
    .answer(e.back, company, undefined)
    .install();

/** Role queries over a whole antd page are slow in jsdom: look inside the bulk-action bar. */
const bulkButton = (name: string | RegExp) => within(screen.getByLabelText('Bulk actions')).getByRole('button', { name });
const csvInput = async () => (await screen.findByText('Import bank CSV')).closest('.ant-upload')!.querySelector<HTMLInputElement>('input[type="file"]')!;

const select = async (payee: string) => {
  const row = (await screen.findByText(payee)).closest('tr')!;
  await fastUser().click(within(row).getByRole('checkbox'));
};

describe('the accountant’s bulk actions and CSV import', () => {
  it('imports a bank CSV and shows what came in and the bad rows with their row numbers', async () => {
    const fake = fakeAccountant().answer(importEndpoints.bankCsv, company, {
      imported: 12,
      duplicates: 3,
      errors: [
        { row: 4, message: 'The date "31/31/2026" is not a date.' },
        { row: 9, message: 'The amount is missing.' },
      ],
    });
    open('active');
    const input = await csvInput();
    const file = new File(['Date,Description,Amount\n2026-10-01,Coffee,-4.50\n'], 'october.csv', { type: 'text/csv' });
    await fastUser().upload(input, file);

    const dialog = await findDialog('Bank CSV import');
    expect(within(dialog).getByText('12 transactions imported, 3 duplicates skipped.')).toBeInTheDocument();
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['4The date "31/31/2026" is not a date.', '9The amount is missing.']);
    const sent = fake.callsTo(importEndpoints.bankCsv, company);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as FormData).get('file')).toBe(file);
  });

  it('says so when every row of the import came in', async () => {
    fakeAccountant().answer(importEndpoints.bankCsv, company, { imported: 1, duplicates: 0, errors: [] });
    open('active');
    await fastUser().upload(await csvInput(), new File(['x'], 'a.csv', { type: 'text/csv' }));
    const dialog = await findDialog('Bank CSV import');
    expect(within(dialog).getByText('1 transaction imported, 0 duplicates skipped.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why an import was refused', async () => {
    fakeAccountant().answer(importEndpoints.bankCsv, company, () => ({ status: 400, data: { file: ['The file has no Date column.'] } }));
    open('active');
    await fastUser().upload(await csvInput(), new File(['x'], 'a.csv', { type: 'text/csv' }));
    expect(within(await findDialog('Bank CSV import')).getByText('The file has no Date column.')).toBeInTheDocument();
  });

  it('hides the selected transactions', async () => {
    const fake = fakeAccountant();
    open('categorized');
    await select('King Arthur Baking');
    await select('Blue Bottle Coffee');
    await fastUser().click(bulkButton('Hide'));
    await waitFor(() => expect(fake.callsTo(e.hide, company)).toHaveLength(1));
    expect(fake.callsTo(e.hide, company)[0]!.body).toEqual({ pks: [102, 101] });
    expect(await screen.findByText('Hidden.')).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    // The toast's Undo puts the same transactions back.
    await fastUser().click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.callsTo(e.unhide, company)).toHaveLength(1));
    expect(fake.callsTo(e.unhide, company)[0]!.body).toEqual({ pks: [102, 101] });
    expect(await screen.findByText('Unhidden: back in the lists.')).toBeInTheDocument();
  });

  it('publishes once for a double click, naming the submission, and a later publish is a new one', async () => {
    const fake = fakeAccountant();
    fake.answer(
      e.publish,
      company,
      () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, data: { published: 1, matched: 0, rejected: 0, queued: 0, sent: [], refused: [] } }), 200)),
    );
    open('categorized');
    await select('King Arthur Baking');
    await fastUser().dblClick(bulkButton('Publish'));
    expect(await screen.findByText(/published/)).toBeInTheDocument();
    const calls = fake.callsTo(e.publish, company);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ pks: [102] });
    await waitFor(() => expect(bulkButton(/Publish/)).not.toHaveClass('ant-btn-loading'));
    await select('King Arthur Baking');
    // The spinner's leaving animation stays in the button's name a while: match the word.
    await fastUser().click(bulkButton(/Publish/));
    await waitFor(() => expect(fake.callsTo(e.publish, company)).toHaveLength(2));
    const [first, second] = fake.callsTo(e.publish, company).map((c) => c.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it('unhides from the hidden list', async () => {
    const fake = fakeAccountant();
    open('hidden');
    await select('ATM fee');
    expect(within(screen.getByLabelText('Bulk actions')).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
    await fastUser().click(bulkButton('Unhide'));
    await waitFor(() => expect(fake.callsTo(e.unhide, company)).toHaveLength(1));
    expect(fake.callsTo(e.unhide, company)[0]!.body).toEqual({ pks: [103] });
    expect(await screen.findByText('Back in the lists.')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.callsTo(e.hide, company)).toHaveLength(1));
    expect(fake.callsTo(e.hide, company)[0]!.body).toEqual({ pks: [103] });
    expect(await screen.findByText('Hidden again.')).toBeInTheDocument();
  });

  it('sends back with a message, which it asks for', async () => {
    const fake = fakeAccountant();
    open('categorized');
    await select('King Arthur Baking');
    await fastUser().click(bulkButton('Send back'));
    const dialog = await findDialog('Send 1 transaction back to the client');
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Message is required.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Message is not valid.')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Message to the client'), { target: { value: '   ' } });
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Message is required.')).toBeInTheDocument();
    expect(fake.callsTo(e.back, company)).toHaveLength(0);

    const box = within(dialog).getByLabelText('Message to the client');
    fireEvent.change(box, { target: { value: '  Which receipt goes with this one?  ' } });
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(fake.callsTo(e.back, company)).toHaveLength(1));
    expect(fake.callsTo(e.back, company)[0]!.body).toEqual({ pks: [102], message: 'Which receipt goes with this one?' });
    expect(await screen.findByText('Sent back to the client.')).toBeInTheDocument();
  });

  it('keeps the dialog and the message open when sending back fails', async () => {
    fakeAccountant().answer(e.back, company, () => ({ status: 409, data: { detail: 'A published transaction cannot go back while it is being resynced.' } }));
    open('categorized');
    await select('King Arthur Baking');
    await fastUser().click(bulkButton('Send back'));
    const dialog = await findDialog('Send 1 transaction back to the client');
    fireEvent.change(within(dialog).getByLabelText('Message to the client'), { target: { value: 'Please check' } });
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('A published transaction cannot go back while it is being resynced.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message to the client')).toHaveValue('Please check');
  });
});
