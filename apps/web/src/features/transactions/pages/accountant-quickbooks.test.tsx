import { screen, waitFor, within } from '@testing-library/react';
import { clientCompanyEndpoints, quickbooksEndpoints, profileEndpoints } from '@herd/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionEndpoints as e, type ClientCompany, type Transaction } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeLedgerSync } from '../../../../test/fake-qbo';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';
import { SYNC_POLL_MS } from '../../../lib/ledger-sync';

const company = { pk: 7 };
const qbo = makeClientCompany({
  name: 'Craig’s Design and Landscaping',
  connection_kind: 'QBO',
  ledger_sync: makeLedgerSync({ sandbox: true, last_synced_at: new Date(Date.now() - 2 * 3600_000).toISOString() }),
});
const coffee = makeTransaction({ status: 'FINISHED_IN_HERD' });
const flour = makeTransaction({ pk: 102, payee: 'King Arthur Baking', status: 'FINISHED_IN_HERD' });

const fakeCompany = (client: ClientCompany, rows: () => Transaction[] = () => [coffee, flour]) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, client)
    .answer(e.accountantCounters, company, { active: 0, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, () => ({ status: 200, data: transactionPage(rows()) }))
    .install();

/** The client's categorized transactions alone, behind the sign-in guard (the profile comes from the fake API). */
const open = () => renderPage(<AccountantTransactionsPage kind="categorized" />, { path: '/dashboard/accountant/categorized/7/', route: routes.accountant.categorized });
const syncBar = () => screen.findByRole('region', { name: 'Ledger sync' });
const bulkBar = () => screen.getByLabelText('Bulk actions');
const select = async (payee: string) => {
  const row = (await screen.findByText(payee)).closest('tr')!;
  await fastUser().click(within(row).getByRole('checkbox'));
};

/** The list's poll comes round: fake time moves one interval on (it also keeps flowing with real time). */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));

afterEach(() => vi.useRealTimers());

describe('a QuickBooks client’s transactions', () => {
  it('says in the header that the company is a sandbox, and where its sync stands', async () => {
    fakeCompany(qbo);
    open();
    const bar = await syncBar();
    // One in the header, one in the sync bar.
    await waitFor(() => expect(screen.getAllByTestId('sandbox-tag')).toHaveLength(2));
    expect(screen.getAllByTestId('sandbox-tag')[0]).toHaveTextContent('Sandbox');
    expect(screen.getByRole('heading', { name: qbo.name }).parentElement).toContainElement(screen.getAllByTestId('sandbox-tag')[0]!);
    expect(within(bar).getByText(/Last synced 2 hours ago/)).toBeInTheDocument();
  });

  it('Sync now, Pull missing and (confirmed) Full resync ask the server and show its answer', async () => {
    const fake = fakeCompany({ ...qbo, ledger_sync: makeLedgerSync() })
      .answer(quickbooksEndpoints.syncClient, {}, () => ({ status: 202, data: { queued: true, detail: 'What changed in the ledger will be pulled in the background.' } }))
      .answer(e.syncMissing, company, () => ({ status: 202, data: { queued: true, detail: 'Transactions missing from Herd will be pulled in the background.' } }))
      .answer(e.fullyResync, company, () => ({ status: 202, data: { queued: true, detail: 'Every transaction since the sync date will be pulled in the background.' } }));
    open();
    const bar = await syncBar();
    expect(screen.queryByTestId('sandbox-tag')).not.toBeInTheDocument();
    const user = fastUser();

    await user.click(within(bar).getByRole('button', { name: /Sync now/ }));
    expect(await screen.findByText('What changed in the ledger will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(quickbooksEndpoints.syncClient, {}).map((r) => r.body)).toEqual([{ client_company: 7 }]);

    await user.click(within(bar).getByRole('button', { name: /Pull missing/ }));
    expect(await screen.findByText('Transactions missing from Herd will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(e.syncMissing, company)).toHaveLength(1);

    await user.click(within(bar).getByRole('button', { name: 'Full resync' }));
    expect(fake.callsTo(e.fullyResync, company)).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Read every transaction again?');
    await user.click(within(confirm).getByRole('button', { name: 'Full resync' }));
    expect(await screen.findByText('Every transaction since the sync date will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(e.fullyResync, company)).toHaveLength(1);
  });

  it('holds the pull buttons while a sync runs', async () => {
    fakeCompany({ ...qbo, ledger_sync: makeLedgerSync({ state: 'RUNNING' }) });
    open();
    const bar = await syncBar();
    expect(within(bar).getByText('Syncing…')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /Sync now/ })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: /Pull missing/ })).toBeDisabled();
  });

  it('resyncs the selected rows', async () => {
    const fake = fakeCompany(qbo).answer(e.resync, company, () => ({
      status: 202,
      data: { queued: true, detail: '2 transactions will be read again from the ledger.' },
    }));
    open();
    await select('Blue Bottle Coffee');
    await select('King Arthur Baking');
    await fastUser().click(within(bulkBar()).getByRole('button', { name: 'Resync' }));
    expect(await screen.findByText('2 transactions will be read again from the ledger.')).toBeInTheDocument();
    expect(fake.callsTo(e.resync, company).map((r) => r.body)).toEqual([{ pks: [101, 102] }]);
  });

  it('publishing hands the rows to QuickBooks, and the list follows them until they are written', async () => {
    let published = false;
    let listsAfterPublish = 0;
    const fake = fakeCompany(qbo, () => {
      if (!published) return [coffee, flour];
      listsAfterPublish += 1;
      const status = listsAfterPublish < 3 ? 'PROCESSING' : 'PUBLISHED_IN_PLATFORM';
      return [
        { ...coffee, status },
        { ...flour, status },
      ];
    }).answer(e.publish, company, () => {
      published = true;
      return { status: 200, data: { published: 0, matched: 0, rejected: 0, queued: 2, sent: [coffee.pk, flour.pk], refused: [] } };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    await select('Blue Bottle Coffee');
    await select('King Arthur Baking');
    await fastUser().click(within(bulkBar()).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('2 sent to QuickBooks; each shows as published once QuickBooks has it.')).toBeInTheDocument();
    expect(fake.callsTo(e.publish, company).map((r) => r.body)).toEqual([{ pks: [101, 102] }]);
    expect((await screen.findAllByText('Processing')).length).toBeGreaterThan(0);
    // Asked again every few seconds while rows are PROCESSING, without anyone reloading.
    await nextPoll();
    await nextPoll();
    await waitFor(() => expect(screen.queryAllByText('Processing')).toHaveLength(0));
    expect(listsAfterPublish).toBeGreaterThanOrEqual(3);
  });

  it('follows published rows that leave the categorized list while QuickBooks writes them, and shows them back once written', async () => {
    let published = false;
    let countersAfterPublish = 0;
    const fake = fakeCompany(qbo, () => {
      if (!published) return [coffee, flour];
      // PROCESSING rows are listed under Active, not here, until the job is done.
      return countersAfterPublish < 3
        ? []
        : [
            { ...coffee, status: 'PUBLISHED_IN_PLATFORM' },
            { ...flour, status: 'PUBLISHED_IN_PLATFORM' },
          ];
    })
      .answer(e.accountantCounters, company, () => {
        if (published) countersAfterPublish += 1;
        const processing = published && countersAfterPublish < 3 ? 2 : 0;
        return { status: 200, data: { active: processing, categorized: 2 - processing, hidden: 0, sync_errors: 0, completed: 2, processing } };
      })
      .answer(e.publish, company, () => {
        published = true;
        return { status: 200, data: { published: 0, matched: 0, rejected: 0, queued: 2, sent: [coffee.pk, flour.pk], refused: [] } };
      });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    await select('Blue Bottle Coffee');
    await select('King Arthur Baking');
    await fastUser().click(within(bulkBar()).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByText('King Arthur Baking')).not.toBeInTheDocument());
    // Nobody reloads: the counters are asked again while rows are processing, and the list once they are done.
    await nextPoll();
    await nextPoll();
    expect(await screen.findByText('King Arthur Baking')).toBeInTheDocument();
    expect(screen.getAllByText('Published')).toHaveLength(2);
    expect(countersAfterPublish).toBeGreaterThanOrEqual(3);
    const lists = fake.callsTo(e.accountantCategorized, company).length;
    const counters = fake.callsTo(e.accountantCounters, company).length;
    await nextPoll();
    await nextPoll();
    // Done: no more asking.
    expect(fake.callsTo(e.accountantCounters, company)).toHaveLength(counters);
    expect(fake.callsTo(e.accountantCategorized, company)).toHaveLength(lists);
  });

  it('shows no QuickBooks controls for a CSV company', async () => {
    fakeCompany(makeClientCompany({ connection_kind: 'CSV' }));
    open();
    await screen.findByText('King Arthur Baking');
    expect(screen.queryByRole('region', { name: 'Ledger sync' })).not.toBeInTheDocument();
    expect(within(bulkBar()).queryByRole('button', { name: 'Resync' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-tag')).not.toBeInTheDocument();
  });
});
