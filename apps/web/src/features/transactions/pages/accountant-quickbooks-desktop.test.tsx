import { screen, within } from '@testing-library/react';
import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints as e, type Transaction } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeLedgerSync } from '../../../../test/fake-qbo';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { formatTimeOrDateTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

/** QuickBooks Desktop is written when its Web Connector next calls Herd: the publish and the rows say so, and when. */
const company = { pk: 7 };
const nextRun = new Date(Date.now() + 40 * 60_000).toISOString();
const desktop = makeClientCompany({
  name: 'Harbor Dental',
  connection_kind: 'QBD',
  ledger_sync: makeLedgerSync({ provider: 'QBD', last_synced_at: new Date(Date.now() - 20 * 60_000).toISOString(), next_sync_at: nextRun }),
});
const coffee = makeTransaction({ status: 'FINISHED_IN_HERD' });

const fakeDesktop = (rows: () => Transaction[]) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, desktop)
    .answer(e.accountantCounters, company, { active: 0, categorized: 1, hidden: 0, sync_errors: 0, completed: 1, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, () => ({ status: 200, data: transactionPage(rows()) }))
    .install();

const open = () => renderPage(<AccountantTransactionsPage kind="categorized" />, { path: '/dashboard/accountant/categorized/7/', route: routes.accountant.categorized });

describe('a QuickBooks Desktop client’s transactions', () => {
  it('a publish says it waits for the next Web Connector run, and when that is', async () => {
    fakeDesktop(() => [coffee]).answer(e.publish, company, () => ({
      status: 200,
      data: { published: 0, matched: 0, rejected: 0, queued: 1, sent: [coffee.pk], refused: [] },
    }));
    open();
    const row = (await screen.findByText('Blue Bottle Coffee')).closest('tr')!;
    await fastUser().click(within(row).getByRole('checkbox'));
    await fastUser().click(within(screen.getByLabelText('Bulk actions')).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(`1 sent to QuickBooks Desktop; each shows as published after the next Web Connector run (about ${formatTimeOrDateTime(nextRun)}).`),
    ).toBeInTheDocument();
  });

  it('a row handed to QuickBooks Desktop is waiting for the Web Connector, not bare "Processing"', async () => {
    fakeDesktop(() => [{ ...coffee, status: 'PROCESSING' }]);
    open();
    expect(await screen.findByText(`Waiting for the Web Connector (next run about ${formatTimeOrDateTime(nextRun)})`)).toBeInTheDocument();
    expect(screen.queryByText('Processing')).not.toBeInTheDocument();
  });
});
