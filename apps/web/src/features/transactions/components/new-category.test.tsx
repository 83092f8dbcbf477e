import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clientCompanyEndpoints,
  noteEndpoints,
  QBO_ACCOUNT_TYPES,
  refEndpoints as r,
  transactionEndpoints as e,
  XERO_ACCOUNT_TYPES,
  type ConnectionKind,
  type Transaction,
  profileEndpoints,
} from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from '../pages/accountant-transactions-page';

const company = { pk: 7 };
// As the server answers: QuickBooks Online's types with their detail types, Xero's without.
const qboTypes = Object.entries(QBO_ACCOUNT_TYPES).map(([type, subtypes]) => ({ type, subtypes: [...subtypes] }));
const xeroTypes = XERO_ACCOUNT_TYPES.map((type) => ({ type, subtypes: [] }));

const fakeEditor = (kind: ConnectionKind, transaction: Transaction) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: kind }))
    .answer(e.accountantCounters, company, { active: 1, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantActive, company, transactionPage([transaction]))
    .answer(r.accountantCategories, company, [])
    .answer(r.qboAccountTypes, company, qboTypes)
    .answer(r.xeroAccountTypes, company, xeroTypes)
    .answer(noteEndpoints.transactionList, { pk: transaction.pk }, [])
    .answer(r.categoryCreate, company, ({ body }) => ({
      status: 201,
      data: { pk: 77, name: (body as { name: string }).name, active: true, account_type: 'x', is_payment_account: false, is_watched: false },
    }));
  for (const list of [r.vendors, r.customers, r.classes, r.locations, r.taxes, r.trackingCategories]) fake.answer(list, company, []);
  return fake.install();
};

/** Opens the editor of the one transaction and picks "+ Create" for `name` in its category picker. */
const createCategory = async (payee: string, name: string) => {
  renderPage(<AccountantTransactionsPage kind="active" />, { path: '/dashboard/accountant/active/7/', route: routes.accountant.active });
  fireEvent.click(await screen.findByLabelText(`Edit ${payee}`));
  const panel = await screen.findByTestId('transaction-editor');
  const category = within(panel).getByRole('combobox', { name: 'Category' });
  fireEvent.mouseDown(category);
  fireEvent.change(category, { target: { value: name } });
  fireEvent.click(await screen.findByTitle(`+ Create "${name}"`));
  return { panel, dialog: await findDialog('New category') };
};

/** Picks an option of a select inside the dialog by typing part of its label (waiting for the select: detail types arrive with the ledger's account types). */
const choose = async (dialog: HTMLElement, select: string, typed: string, option: string) => {
  const box = await within(dialog).findByRole('combobox', { name: select });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: typed } });
  fireEvent.click(await screen.findByTitle(option));
};

const selected = (dialog: HTMLElement, select: string) => within(dialog).getByRole('combobox', { name: select }).closest('.ant-select')!.textContent;

const created = (fake: ReturnType<typeof fakeEditor>) => fake.callsTo(r.categoryCreate, company);

describe('creating a category from the categorization form', () => {
  it('offers Xero’s account types on a Xero company, starting from Expense for money out', async () => {
    const fake = fakeEditor('XERO', makeTransaction());
    const { panel, dialog } = await createCategory('Blue Bottle Coffee', 'Coffee for clients');
    await waitFor(() => expect(selected(dialog, 'Account type')).toBe('Expense'));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Coffee for clients');
    await choose(dialog, 'Account type', 'Direct', 'Direct costs');
    expect(within(dialog).queryByRole('combobox', { name: 'Detail type' })).not.toBeInTheDocument();
    await fastUser().click(within(dialog).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(created(fake)).toHaveLength(1));
    expect(created(fake)[0]!.body).toEqual({ name: 'Coffee for clients', transaction: 101, account_type: 'DIRECTCOSTS' });
    expect(fake.callsTo(r.qboAccountTypes, company)).toHaveLength(0);
    // The new category is then the line's category.
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Category' }).closest('.ant-select')).toHaveTextContent('Coffee for clients'));
  });

  it('offers the detail types Xero’s own list carries, and sends the one chosen', async () => {
    const fake = fakeEditor('XERO', makeTransaction());
    fake.answer(r.xeroAccountTypes, company, [
      { type: 'EXPENSE', subtypes: ['ClientEntertainment', 'StaffMeals'] },
      { type: 'REVENUE', subtypes: [] },
    ]);
    const { dialog } = await createCategory('Blue Bottle Coffee', 'Client lunches');
    await waitFor(() => expect(selected(dialog, 'Account type')).toBe('Expense'));
    expect(await within(dialog).findByText('Optional: Xero’s finer kind of account.')).toBeInTheDocument();
    await choose(dialog, 'Detail type', 'Client', 'Client entertainment');
    await fastUser().click(within(dialog).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(created(fake)).toHaveLength(1));
    expect(created(fake)[0]!.body).toEqual({ name: 'Client lunches', transaction: 101, account_type: 'EXPENSE', account_subtype: 'ClientEntertainment' });
    expect(fake.callsTo(r.qboAccountTypes, company)).toHaveLength(0);
  });

  it('starts from Income for money in, with the type names of the ledger Herd holds for a CSV company', async () => {
    const fake = fakeEditor('CSV', makeTransaction({ pk: 105, type: 'DEPOSIT', subtype: 'DEPOSIT', direction: 'SALES', payee: 'Cafe Luna' }));
    const { dialog } = await createCategory('Cafe Luna', 'Wholesale sales');
    await waitFor(() => expect(selected(dialog, 'Account type')).toBe('Income'));
    // Detail types belong to QuickBooks Online itself, not to a ledger Herd holds.
    expect(within(dialog).queryByRole('combobox', { name: 'Detail type' })).not.toBeInTheDocument();
    await fastUser().click(within(dialog).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(created(fake)).toHaveLength(1));
    expect(created(fake)[0]!.body).toEqual({ name: 'Wholesale sales', transaction: 105, account_type: 'Income' });
  });

  it('sends the detail type chosen on a QuickBooks Online company, and shows a refusal on the field', async () => {
    const fake = fakeEditor('QBO', makeTransaction());
    fake.answer(r.categoryCreate, company, () => ({ status: 400, data: { name: ['A category with this name already exists.'] } }));
    const { dialog } = await createCategory('Blue Bottle Coffee', 'Travel');
    await waitFor(() => expect(selected(dialog, 'Account type')).toBe('Expense'));
    await choose(dialog, 'Detail type', 'Travel m', 'Travel meals');
    await fastUser().click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect(await within(dialog).findByText('A category with this name already exists.')).toBeInTheDocument();
    expect(created(fake)[0]!.body).toEqual({ name: 'Travel', transaction: 101, account_type: 'Expense', account_subtype: 'TravelMeals' });
  });
});
