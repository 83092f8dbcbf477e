import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appEndpoints, karbonEndpoints as e, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientConfig, makeProfile } from '../../../test/fake-api';
import { fastUser } from '../../../test/dom';
import { renderPage } from '../../../test/render-app';
import { formatDateTime } from '../../lib/format';
import { routes } from '../../lib/routes';
import { KarbonTab } from './karbon-tab';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const settings = {
  note_on_transactions_answered: true,
  note_on_request_answered: true,
  note_on_receipts_arrived: false,
  work_item_on_request_sent: false,
  work_item_on_sync_error: false,
  work_item_on_call_due: true,
  work_type: null,
  work_status: null,
  assignee: 'ASSIGNED_TEAM_MEMBER' as const,
  assignee_email: null,
  import_receipts: false,
};
const instance = {
  tenant_key: 'TENANT-1',
  sandbox: true,
  connected_at: '2026-11-28T10:00:00Z',
  webhooks: ['Contact'],
  pending_events: 2,
  failed_events: 0,
  last_error: 'Karbon failed (503): try later',
  last_error_at: '2026-11-28T10:05:00Z',
};
const lists = { work_types: [{ key: 'WT1', name: 'Client Request', statuses: [] }], work_statuses: [{ name: 'Planned', type: 'Planned' }], users: [] };
const harbor = { key: 'ORG-1', type: 'Organization' as const, name: 'Harbor Dental', email: 'office@harbor.test' };

const openTab = () => renderPage(<KarbonTab />, { path: routes.settings.accountant, route: routes.settings.accountant });

const connected = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(e.settings, {}, { instance, settings })
    .answer(e.workTypes, {}, lists)
    .answer(e.mappings, {}, { results: [{ client_company: 7, name: 'Harbor Dental LLC', mapping: null, suggestions: [{ ...harbor, reason: 'name' }] }] })
    .answer(e.organizations, {}, { count: 1, next: null, previous: null, results: [harbor] });

describe('the Integrations tab', () => {
  it('asks for Karbon’s keys, and shows Karbon’s refusal on the Access Key', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.settings, {}, { instance: null, settings })
      .answer(e.createInstance, {}, () => ({ status: 400, data: { access_key: ['Karbon refused these keys: check the Application ID and the Access Key.'] } }))
      .install();
    openTab();
    await userEvent.type(await screen.findByLabelText('Application ID'), '0f8fad5b-d9cb-469f-a165-70867728950e');
    await userEvent.type(screen.getByLabelText('Access Key'), 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Karbon' }));
    expect(await screen.findByText('Karbon refused these keys: check the Application ID and the Access Key.')).toBeInTheDocument();
    expect(fake.callsTo(e.createInstance, {})[0]!.body).toEqual({
      application_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      access_key: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
    });
  });

  it('connects the sandbox Karbon from its own, labelled button', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.settings, {}, { instance: null, settings })
      .answer(e.connectSandbox, {}, instance)
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect the sandbox Karbon' }));
    await waitFor(() => expect(fake.callsTo(e.connectSandbox, {})).toHaveLength(1));
  });

  it('shows the connection, what waits and the last error, and reads Karbon’s lists again with its answer', async () => {
    const fake = connected().answer(e.resyncOrganizations, {}, { detail: '162 Karbon organizations and contacts read.', count: 162 }).install();
    openTab();
    expect(await screen.findByText('TENANT-1')).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(screen.getByText('Karbon failed (503): try later')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Organizations and contacts' }));
    expect(await screen.findByText('162 Karbon organizations and contacts read.')).toBeInTheDocument();
    expect(fake.callsTo(e.resyncOrganizations, {})).toHaveLength(1);
  });

  it('links a company to its suggested Karbon client in one click', async () => {
    const fake = connected().answer(e.createMapping, {}, { client_company: 7, name: 'Harbor Dental LLC', mapping: harbor, suggestions: [] }).install();
    openTab();
    const row = (await screen.findByText('Harbor Dental LLC')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(fake.callsTo(e.createMapping, {})).toHaveLength(1));
    expect(fake.callsTo(e.createMapping, {})[0]!.body).toEqual({ client_company: 7, karbon_key: 'ORG-1', karbon_type: 'Organization' });
  });

  it('unlinks a linked company', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.settings, {}, { instance, settings })
      .answer(e.workTypes, {}, lists)
      .answer(e.mappings, {}, { results: [{ client_company: 7, name: 'Harbor Dental LLC', mapping: harbor, suggestions: [] }] })
      .answer(e.updateMapping, { client_company: 7 }, { client_company: 7, name: 'Harbor Dental LLC', mapping: null, suggestions: [] })
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(fake.callsTo(e.updateMapping, { client_company: 7 })).toHaveLength(1));
    expect(fake.callsTo(e.updateMapping, { client_company: 7 })[0]!.body).toEqual({ target: null });
  });

  it('sets a linked company’s own choices: each as the firm, on or off', async () => {
    const clientView = { client_company: 7, overrides: {}, effective: settings };
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.settings, {}, { instance, settings })
      .answer(e.workTypes, {}, lists)
      .answer(e.mappings, {}, { results: [{ client_company: 7, name: 'Harbor Dental LLC', mapping: harbor, suggestions: [] }] })
      .answer(e.clientSettings, { client_pk: 7 }, clientView)
      .answer(e.updateClientSettings, { client_pk: 7 }, { ...clientView, overrides: { import_receipts: true } })
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Its own settings' }));
    const dialog = await screen.findByRole('dialog');
    const receipts = await within(dialog).findByRole('combobox', { name: 'Their Karbon photos and PDFs become receipts' });
    await userEvent.click(receipts);
    await userEvent.click(await screen.findByText('On for this client'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(e.updateClientSettings, { client_pk: 7 })).toHaveLength(1));
    expect(fake.callsTo(e.updateClientSettings, { client_pk: 7 })[0]!.body).toEqual({
      note_on_transactions_answered: null,
      note_on_request_answered: null,
      note_on_receipts_arrived: null,
      work_item_on_request_sent: null,
      work_item_on_sync_error: null,
      work_item_on_call_due: null,
      import_receipts: true,
    });
  });

  it('saves the settings, and shows the server’s refusal of a work type on its field', async () => {
    const fake = connected()
      .answer(e.updateSettings, {}, () => ({ status: 400, data: { work_status: ['Choose one of the Karbon account’s work statuses.'] } }))
      .install();
    openTab();
    await userEvent.click(await screen.findByRole('switch', { name: 'A work item when the firm sends a request' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose one of the Karbon account’s work statuses.')).toBeInTheDocument();
    expect(fake.callsTo(e.updateSettings, {})[0]!.body).toMatchObject({ work_item_on_request_sent: true, note_on_transactions_answered: true });
  });
});

describe('the sandbox Karbon', () => {
  const notConnected = (karbonSandbox: boolean) =>
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(appEndpoints.clientConfig, {}, makeClientConfig({ karbon_sandbox: karbonSandbox }))
      .answer(e.settings, {}, { instance: null, settings })
      .install();

  it('is not offered where the server said its sandboxes are off; the firm’s own Karbon still is', async () => {
    notConnected(false);
    openTab();
    expect(await screen.findByRole('button', { name: 'Connect Karbon' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Connect the sandbox Karbon' })).not.toBeInTheDocument());
    expect(screen.queryByText(/No Karbon account to hand/)).not.toBeInTheDocument();
  });

  it('is offered where they are on', async () => {
    notConnected(true);
    openTab();
    expect(await screen.findByRole('button', { name: 'Connect the sandbox Karbon' })).toBeInTheDocument();
  });

  it('dates the connection and its last error in the app’s own format, not the browser’s locale string', async () => {
    connected().install();
    openTab();
    // formatDateTime gives "Nov 28, 2026, 10:00 AM" (in the browser's zone): the style of every other date in Herd.
    expect(await screen.findByText(formatDateTime(instance.connected_at))).toBeInTheDocument();
    expect(screen.getByText(`(${formatDateTime(instance.last_error_at)})`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(new Date(instance.connected_at).toLocaleString())).not.toBeInTheDocument();
  });
});
