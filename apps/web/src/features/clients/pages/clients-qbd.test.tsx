import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, type ClientCompany } from '@herd/contract';
import { qbdEndpoints } from '@herd/contract/endpoints/qbd';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeLedgerSync } from '../../../../test/fake-qbo';
import { renderPage } from '../../../../test/render-app';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ClientSettingsPage } from './client-settings-page';

const sync = makeLedgerSync({ provider: 'QBD', external_company_id: 'file-9', sandbox: true });
const desktop = makeClientCompany({ pk: 9, name: 'Harbor Dental', connection_kind: 'QBD', ledger_sync: sync });

/** The settings page of `company`; the other cards' calls go unanswered (404), which they show as their own errors. */
const openSettings = (company: ClientCompany) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, { pk: company.pk }, company)
    .answer(
      qbdEndpoints.filePaths,
      {},
      {
        results: [
          {
            client_company: 9,
            name: 'Harbor Dental',
            user_name: 'herd-9',
            password_set_at: null,
            company_file_path: null,
            run_every_minutes: 60,
            last_run: null,
            next_run_expected_at: null,
            sync,
          },
        ],
      },
    )
    .install();
  renderPage(<ClientSettingsPage />, { path: buildPath(routes.settings.accountantClient, { clientPk: company.pk }), route: routes.settings.accountantClient });
  return fake;
};

describe('a QuickBooks Desktop client’s settings', () => {
  it('show the Web Connector’s set-up under the connection', async () => {
    const fake = openSettings(desktop);
    expect(await screen.findByTestId('qbd-setup-card')).toBeInTheDocument();
    expect(await screen.findByText('The Web Connector has not run yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Run the Web Connector now \(sandbox\)/ })).toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.filePaths, {}).map((r) => r.params)).toEqual([{ client_company: 9 }]);
  });

  it('another kind of client has no such card, and nothing asks for it', async () => {
    const fake = openSettings(makeClientCompany({ pk: 7 }));
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    expect(screen.queryByTestId('qbd-setup-card')).not.toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.filePaths, {})).toHaveLength(0);
  });
});
