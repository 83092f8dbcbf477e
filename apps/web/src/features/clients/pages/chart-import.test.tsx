import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, importEndpoints, profileEndpoints, refEndpoints, type ClientCompany } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, paginated } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const csvCompany = makeClientCompany({ pk: 7, name: 'Harbor Dental', connection_kind: 'CSV' });

const fakeSettings = (client: ClientCompany = csvCompany) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, client)
    .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
    .answer(coworkerEndpoints.list, {}, [makeCoworker()])
    .answer(refEndpoints.accountantHerdAccounts, company, [])
    .answer(refEndpoints.qboAccountTypes, company, [
      { type: 'Expense', subtypes: [] },
      { type: 'Income', subtypes: [] },
    ])
    .install();

const card = async () => (await screen.findByText('Chart of accounts and lists', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('.ant-upload input[type="file"]')!;

const chooseList = async (root: HTMLElement, label: string) => {
  const user = fastUser();
  await user.click(within(root).getByRole('combobox', { name: 'List to import' }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no ${label} option yet`);
    return found;
  });
  await user.click(option);
};

describe('the chart import of a CSV client', () => {
  it('offers a real template per list and imports the chosen list, showing what was created, updated and the bad rows', async () => {
    const fake = fakeSettings().answer(importEndpoints.refList, company, {
      imported: 2,
      updated: 1,
      errors: [{ row: 4, message: '"Costco" appears twice in the file.' }],
    });
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    const template = within(root).getByRole('link', { name: /Download template/ });
    expect(template).toHaveAttribute('download', 'account-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!)).toBe('data:text/csv;charset=utf-8,Account Number,Account Name,Type,Active\r\n6100,Meals,Expense,yes\r\n');

    await chooseList(root, 'Vendors');
    await waitFor(() => expect(template).toHaveAttribute('download', 'vendor-template.csv'));
    expect(decodeURIComponent(template.getAttribute('href')!)).toBe('data:text/csv;charset=utf-8,ID,Name,Active\r\nV-100,Blue Bottle Coffee,yes\r\n');

    const file = new File(['Name\nCostco\nPG&E\nCostco\n'], 'vendors.csv', { type: 'text/csv' });
    await fastUser().upload(fileInput(root), file);
    expect(await within(root).findByText('2 vendors created, 1 updated.')).toBeInTheDocument();
    expect(within(root).getByText('1 row could not be imported; fix the rows below and import the whole file again.')).toBeInTheDocument();
    const rows = within(root)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['4"Costco" appears twice in the file.']);
    const sent = fake.callsTo(importEndpoints.refList, company);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as FormData).get('list')).toBe('VENDOR');
    expect((sent[0]!.body as FormData).get('file')).toBe(file);
  });

  it('imports the lists beyond the chart too: tax codes, products and services, payment methods', async () => {
    const fake = fakeSettings().answer(importEndpoints.refList, company, { imported: 1, updated: 0, errors: [] });
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    await chooseList(root, 'Payment methods');
    const template = within(root).getByRole('link', { name: /Download template/ });
    await waitFor(() => expect(template).toHaveAttribute('download', 'payment-method-template.csv'));
    await fastUser().upload(fileInput(root), new File(['Name\nCompany Visa\n'], 'methods.csv', { type: 'text/csv' }));
    expect(await within(root).findByText('1 payment method created, 0 updated.')).toBeInTheDocument();
    expect((fake.callsTo(importEndpoints.refList, company)[0]!.body as FormData).get('list')).toBe('PAYMENT_METHOD');
  });

  it('shows why a file was refused', async () => {
    fakeSettings().answer(importEndpoints.refList, company, () => ({ status: 400, data: { file: ['The file needs a name column.'] } }));
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    await fastUser().upload(fileInput(root), new File(['x,y\n1,2\n'], 'a.csv', { type: 'text/csv' }));
    expect(await within(root).findByText('The file needs a name column.')).toBeInTheDocument();
  });

  it('adds one category by hand with its account type, and shows the server’s field error', async () => {
    let calls = 0;
    const fake = fakeSettings().answer(refEndpoints.categoryCreate, company, () => {
      calls += 1;
      return calls === 1
        ? { status: 400, data: { name: ['A category with this name already exists.'] } }
        : { status: 201, data: { pk: 40, name: 'Parking', active: true, account_type: 'Expense', is_payment_account: false, is_watched: false } };
    });
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    const user = fastUser();
    await user.type(within(root).getByLabelText('Category name'), 'Meals');
    await user.click(within(root).getByRole('button', { name: /Add category/ }));
    expect(await within(root).findByText('A category with this name already exists.')).toBeInTheDocument();
    expect(fake.callsTo(refEndpoints.categoryCreate, company)[0]!.body).toEqual({ name: 'Meals', account_type: 'Expense' });

    await user.clear(within(root).getByLabelText('Category name'));
    await user.type(within(root).getByLabelText('Category name'), 'Parking');
    await user.click(within(root).getByRole('button', { name: /Add category/ }));
    expect(await screen.findByText('Category “Parking” added')).toBeInTheDocument();
    expect(fake.callsTo(refEndpoints.categoryCreate, company)[1]!.body).toEqual({ name: 'Parking', account_type: 'Expense' });
  });

  it('says a generic-ledger client’s lists may also come from its system through the API', async () => {
    fakeSettings(makeClientCompany({ pk: 7, name: 'Harbor Dental', connection_kind: 'GENERIC' }));
    renderAt('/settings/accountant/client/7/');
    expect(await screen.findByText(/come from CSV files or from the other system through the generic API\./)).toBeInTheDocument();
  });

  it('is not offered to a QuickBooks client, whose lists come from QuickBooks', async () => {
    fakeSettings(makeClientCompany({ pk: 7, name: 'Harbor Dental', connection_kind: 'QBO' }));
    renderAt('/settings/accountant/client/7/');
    expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeInTheDocument();
    expect(screen.queryByText('Chart of accounts and lists')).not.toBeInTheDocument();
  });
});
