import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, quickbooksEndpoints, transactionEndpoints as e, xeroEndpoints, type ClientCompany } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeLedgerSync, stubLocationAssign } from '../../../../test/fake-qbo';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantTransactionsPage } from './accountant-transactions-page';

const company = { pk: 7 };
const xero = makeClientCompany({ name: 'Demo Company (Global)', connection_kind: 'XERO', ledger_sync: makeLedgerSync({ provider: 'XERO', sandbox: true }) });

const fakeCompany = (client: ClientCompany) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, client)
    .answer(e.accountantCounters, company, { active: 0, categorized: 1, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, transactionPage([makeTransaction({ status: 'FINISHED_IN_HERD' })]))
    .install();

const open = () => renderPage(<AccountantTransactionsPage kind="categorized" />, { path: '/dashboard/accountant/categorized/7/', route: routes.accountant.categorized });
const syncBar = () => screen.findByRole('region', { name: 'Ledger sync' });

let location = stubLocationAssign();
beforeEach(() => {
  location = stubLocationAssign();
});
afterEach(() => location.restore());

describe('a Xero client’s transactions', () => {
  it('show the sync bar under Xero’s name, and Sync now asks Xero', async () => {
    const fake = fakeCompany(xero).answer(xeroEndpoints.syncClient, {}, () => ({
      status: 202,
      data: { queued: true, detail: 'What changed in the ledger will be pulled in the background.' },
    }));
    open();
    const bar = await syncBar();
    expect(within(bar).getByText('Xero')).toBeInTheDocument();
    expect(within(bar).getByTestId('sandbox-tag')).toBeInTheDocument();
    await fastUser().click(within(bar).getByRole('button', { name: /Sync now/ }));
    expect(await screen.findByText('What changed in the ledger will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.syncClient, {}).map((r) => r.body)).toEqual([{ client_company: 7 }]);
    expect(fake.callsTo(quickbooksEndpoints.syncClient, {})).toHaveLength(0);
  });

  it('say when Xero refused Herd, and reconnect through Xero', async () => {
    const fake = fakeCompany({ ...xero, connection_state: 'NEEDS_REAUTH' }).answer(xeroEndpoints.reauth, {}, { url: 'https://login.xero.example/?state=r' });
    open();
    expect(await screen.findByText('Xero refused Herd’s sign-in')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://login.xero.example/?state=r'));
    expect(fake.callsTo(xeroEndpoints.reauth, {}).map((r) => r.params)).toEqual([{ client_company: 7 }]);
  });
});
