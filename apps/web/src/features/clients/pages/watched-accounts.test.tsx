import { clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, profileEndpoints, refEndpoints } from '@herd/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, paginated, type FakeRequest } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const account = (pk: number, name: string, accountType = 'Expense', isWatched = false) => ({
  pk,
  name,
  active: true,
  account_type: accountType,
  is_payment_account: false,
  is_watched: isWatched,
});
const watched = [account(1, 'Uncategorized Expense', 'Expense', true), account(2, 'Ask My Accountant', 'Expense', true)];
const others = [account(3, 'Suspense', 'Other Current Asset'), account(4, 'Office Supplies'), account(5, 'Meals')];

const fakeSettings = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'QBO' }))
    .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
    .answer(coworkerEndpoints.list, {}, [makeCoworker()])
    .answer(refEndpoints.accountantHerdAccounts, company, watched)
    .answer(refEndpoints.accountantCategories, company, (request: FakeRequest) => {
      const search = typeof request.params.search === 'string' ? request.params.search.toLowerCase() : '';
      return { status: 200, data: others.filter((a) => a.name.toLowerCase().includes(search)) };
    })
    .install();

const card = async () => (await screen.findByText('Watched accounts', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
const chosenNames = (root: HTMLElement) => [...root.querySelectorAll('.ant-select-selection-item-content')].map((e) => e.textContent);

describe('watched accounts in a client’s settings', () => {
  it('starts from the watched accounts, searches the others, and saves the chosen set', async () => {
    const fake = fakeSettings().answer(refEndpoints.herdAccountsUpdate, company, undefined);
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    await waitFor(() => expect(chosenNames(root)).toEqual(['Ask My Accountant', 'Uncategorized Expense']));
    expect(fake.callsTo(refEndpoints.accountantHerdAccounts, company)[0]!.params).toEqual({ limit: 200, include_inactive: 'true' });
    const save = within(root).getByRole('button', { name: 'Save watched accounts' });
    expect(save).toBeDisabled();

    const user = fastUser();
    const input = within(root).getByRole('combobox', { name: 'Watched accounts' });
    await user.click(input);
    await user.type(input, 'susp');
    // The server searches: the list is asked with what was typed.
    await waitFor(() => expect(fake.callsTo(refEndpoints.accountantCategories, company).some((r) => r.params.search === 'susp')).toBe(true));
    // The visible option (antd also renders a hidden one for screen readers).
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent?.includes('Suspense'));
      if (!found) throw new Error('no Suspense option yet');
      return found;
    });
    expect(option).toHaveTextContent('Other Current Asset');
    await user.click(option);
    // Drop "Ask My Accountant".
    const ask = [...root.querySelectorAll<HTMLElement>('.ant-select-selection-item')].find((e) => e.textContent?.includes('Ask My Accountant'))!;
    await user.click(ask.querySelector<HTMLElement>('.ant-select-selection-item-remove')!);
    await waitFor(() => expect(chosenNames(root)).toEqual(['Uncategorized Expense', 'Suspense']));

    await user.click(save);
    await waitFor(() => expect(fake.callsTo(refEndpoints.herdAccountsUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(refEndpoints.herdAccountsUpdate, company)[0]!.body).toEqual({ watched: [1, 3] });
    expect(await screen.findByText('Watched accounts saved.')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    fakeSettings().answer(refEndpoints.herdAccountsUpdate, company, () => ({ status: 400, data: { watched: ['Accounts is not valid.'] } }));
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    await waitFor(() => expect(chosenNames(root)).toHaveLength(2));
    const user = fastUser();
    const ask = [...root.querySelectorAll<HTMLElement>('.ant-select-selection-item')].find((e) => e.textContent?.includes('Ask My Accountant'))!;
    await user.click(ask.querySelector<HTMLElement>('.ant-select-selection-item-remove')!);
    await user.click(within(root).getByRole('button', { name: 'Save watched accounts' }));
    expect(await screen.findByText('Accounts is not valid.')).toBeInTheDocument();
  });

  it('tells a CSV company’s accountant that every imported row is asked about, with nothing to choose', async () => {
    const fake = fakeSettings().answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'CSV' }));
    fake.answer(refEndpoints.accountantHerdAccounts, company, []);
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    expect(within(root).getByText(/Herd asks the client about every one of them/)).toBeInTheDocument();
    expect(within(root).queryByText(/No account is watched/)).not.toBeInTheDocument();
    expect(within(root).queryByRole('combobox', { name: 'Watched accounts' })).not.toBeInTheDocument();
    expect(fake.callsTo(refEndpoints.accountantHerdAccounts, company)).toHaveLength(0);
  });
});
