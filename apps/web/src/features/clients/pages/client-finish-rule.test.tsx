import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, paginated } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ClientSettingsPage } from './client-settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const company = makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC', client_editable_fields: ['category', 'memo'] });

const fakeClient = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, company)
    .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
    .answer(coworkerEndpoints.list, {}, [makeCoworker()])
    .install();

const openSettings = () =>
  renderPage(<ClientSettingsPage />, { path: buildPath(routes.settings.accountantClient, { clientPk: 7 }), route: routes.settings.accountantClient });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('what finishing needs, in a client’s settings', () => {
  it('offers "required to finish" only beside fields the client may set, and saves the rule', async () => {
    const fake = fakeClient().answer(clientCompanyEndpoints.update, { pk: 7 }, ({ body }) => ({ status: 200, data: { ...company, ...(body as object) } }));
    openSettings();
    const vendorRequired = await screen.findByLabelText('Vendor required to finish');
    expect(vendorRequired).toBeDisabled();
    expect(screen.getByLabelText('Memo required to finish')).toBeEnabled();
    expect(screen.queryByLabelText('Split lines required to finish')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tell us what this was')).toBeChecked();

    await userEvent.click(screen.getByLabelText('Vendor'));
    await userEvent.click(screen.getByLabelText('Vendor required to finish'));
    await userEvent.click(screen.getByLabelText('Memo required to finish'));
    // Taking the memo from the client takes its requirement with it.
    await userEvent.click(screen.getByLabelText('Memo'));
    expect(screen.getByLabelText('Memo required to finish')).not.toBeChecked();
    await userEvent.click(screen.getByLabelText('Tell us what this was'));
    await save();

    expect(await screen.findByText('Client settings saved')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })[0]?.body).toEqual({
      client_editable_fields: ['category', 'vendor'],
      finish_rule: { category_or_explanation: false, required: ['vendor'] },
    });
  }, 60_000);

  it('puts the server’s refusal of a requirement on the fields', async () => {
    const refusal = 'Vendor cannot be required to finish: clients may not set it.';
    fakeClient().answer(clientCompanyEndpoints.update, { pk: 7 }, () => ({ status: 400, data: { 'finish_rule.required': [refusal] } }));
    openSettings();
    await userEvent.click(await screen.findByLabelText('Category required to finish'));
    await save();
    const item = screen.getByRole('group', { name: 'Fields the client may set' }).closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText(refusal)).toBeInTheDocument();
  });
});
