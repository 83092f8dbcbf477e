import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, transactionEndpoints as e, profileEndpoints } from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

const company = { pk: 7 };
const coffee = makeTransaction({ status: 'FINISHED_IN_HERD' });
const tape = makeTransaction({ pk: 102, payee: 'Uline', status: 'FINISHED_IN_HERD', client_memo: 'Packing tape', publish_blocker: 'Line 1 needs a category.' });

/** The categorized list of company 7; `later` answers every fetch of it after the first. */
const fakeCategorized = (later?: () => Promise<never>) => {
  let fetched = 0;
  return createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'CSV' }))
    .answer(e.accountantCounters, company, { active: 0, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, () => {
      fetched += 1;
      return fetched > 1 && later ? later() : { status: 200, data: transactionPage([coffee, tape]) };
    });
};

const open = () => renderPage(<AccountantTransactionsPage kind="categorized" />, { path: '/dashboard/accountant/categorized/7/', route: routes.accountant.categorized });
const bulkButton = (name: string) => within(screen.getByLabelText('Bulk actions')).getByRole('button', { name });
const selectAll = async () => {
  await screen.findByText('Uline');
  await fastUser().click(screen.getByRole('checkbox', { name: 'Select all' }));
};

describe('a bulk publish that Herd keeps some of back', () => {
  it('marks the row that cannot be published, with why, before anyone presses Publish', async () => {
    fakeCategorized().install();
    open();
    const row = (await screen.findByText('Uline')).closest('tr')!;
    expect(within(row).getByText('Cannot be published: line 1 needs a category.')).toBeInTheDocument();
    const other = screen.getByText('Blue Bottle Coffee').closest('tr')!;
    expect(within(other).queryByText(/Cannot be published/)).not.toBeInTheDocument();
  });

  it('publishes the others and names each one kept back with its reason in a dialog', async () => {
    const fake = fakeCategorized()
      .answer(e.publish, company, {
        published: 1,
        matched: 0,
        rejected: 0,
        queued: 0,
        sent: [coffee.pk],
        refused: [{ pk: tape.pk, title: 'Uline', reason: 'Line 1 needs a category.' }],
      })
      .install();
    open();
    await selectAll();
    await fastUser().click(bulkButton('Publish'));
    const dialog = await findDialog('1 transaction was not published');
    expect(within(dialog).getByText(/1 published, 0 matched, 0 refused by the ledger\./)).toBeInTheDocument();
    const refused = within(dialog).getByRole('list', { name: 'Not published' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Uline: Line 1 needs a category.']);
    expect(fake.callsTo(e.publish, company)[0]!.body).toEqual({ pks: [coffee.pk, tape.pk] });
  });

  it('shows a refusal at once, without waiting for the lists to be fetched again', async () => {
    // Every fetch of the list after the first never answers: the refusal must not wait for it.
    fakeCategorized(() => new Promise<never>(() => undefined))
      .answer(e.publish, company, () => ({ status: 400, data: { 'transactions.1.lines.0.category': ['Line 1 of “Uline” needs a category before it is published.'] } }))
      .install();
    open();
    await selectAll();
    await fastUser().click(bulkButton('Publish'));
    expect(await screen.findByText(/Line 1 of “Uline” needs a category before it is published\./)).toBeInTheDocument();
    await waitFor(() => expect(bulkButton('Publish')).not.toHaveClass('ant-btn-loading'));
  });
});
