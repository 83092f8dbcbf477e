import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_EDITABLE_FIELDS, clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, profileEndpoints, refEndpoints } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, paginated } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ClientSettingsPage } from './client-settings-page';

const company = makeClientCompany({ pk: 7, name: 'Harbour Cafe Ltd', connection_kind: 'XERO', client_editable_fields: [...CLIENT_EDITABLE_FIELDS] });
const field = (name: (typeof CLIENT_EDITABLE_FIELDS)[number], label: string, tracking_category: number | null = null) => ({ field: name, label, tracking_category });

describe('the fields a Xero client may be let to set', () => {
  it('are Xero’s: its tracking categories by their names there, and no class, location or billable status', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, company)
      .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
      .answer(coworkerEndpoints.list, {}, [makeCoworker()])
      .answer(refEndpoints.ledgerFields, { pk: 7 }, [
        field('category', 'Category'),
        field('vendor', 'Vendor'),
        field('customer', 'Customer'),
        field('tax', 'Tax'),
        field('tracking_option_one', 'Region', 81),
        field('tracking_option_two', 'Department', 80),
        field('memo', 'Memo'),
        field('split', 'Split lines'),
        field('attachments', 'Attachments'),
      ])
      .install();
    renderPage(<ClientSettingsPage />, { path: buildPath(routes.settings.accountantClient, { clientPk: 7 }), route: routes.settings.accountantClient });
    const group = await screen.findByRole('group', { name: 'Fields the client may set' });
    expect(await within(group).findByLabelText('Region')).toBeChecked();
    expect(within(group).getByLabelText('Department required to finish')).toBeEnabled();
    const offered = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent)
      .filter((label) => label !== 'Required to finish');
    expect(offered).toEqual(['Category', 'Vendor', 'Customer', 'Tax', 'Region', 'Department', 'Memo', 'Split lines', 'Attachments']);
  });
});
