import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { karbonEndpoints as e, profileEndpoints, type KarbonSandboxView } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { KarbonTab } from '../karbon-tab';
import { KarbonSandboxPage } from './karbon-sandbox-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

type Client = KarbonSandboxView['clients'][number];

const harbor: Client = {
  client_company: 7,
  company_name: 'Harbor Dental LLC',
  karbon_key: 'ORG-1',
  karbon_type: 'Organization',
  karbon_name: 'Harbor Dental',
  import_receipts: true,
  next_look_at: '2026-11-28T10:06:00Z',
  notes: [
    { key: 'N1', date: '2026-11-28T10:00:00Z', subject: 'Herd: Harbor Dental LLC answered 3 transactions', body: 'Harbor Dental LLC answered 3 transactions in Herd.' },
  ],
  work_items: [
    { key: 'W1', title: 'Herd: 2 transactions of Harbor Dental LLC could not be published (Herd 4)', status: 'In Progress', start_date: '2026-11-28T00:00:00Z' },
  ],
  files: [
    {
      key: 'F1',
      name: 'minutes.docx',
      size: 2048,
      content_type: 'application/octet-stream',
      date: '2026-11-27T09:00:00Z',
      state: 'TURNED_AWAY',
      refusal: 'minutes.docx is not a photo or PDF within the size limit.',
    },
  ],
};
const view: KarbonSandboxView = { tenant_key: 'TENANT-1', account_name: 'Firm 3 practice (sandbox)', clients: [harbor] };
const lunch = { key: 'F2', name: 'lunch.png', size: 5120, content_type: 'image/png', date: '2026-11-28T10:05:10Z', refusal: null };

const openPage = () => renderPage(<KarbonSandboxPage />, { path: routes.accountant.karbonSandbox, route: routes.accountant.karbonSandbox });
const fakeSandbox = (answer: KarbonSandboxView = view) => createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(e.sandboxView, {}, answer);

describe('the Karbon sandbox page', () => {
  it('shows, labelled sandbox, each linked client with the notes and work items Herd wrote and the documents filed on it', async () => {
    fakeSandbox().install();
    openPage();
    const card = (await screen.findByText('Harbor Dental')).closest('.ant-card') as HTMLElement;
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByText(/Firm 3 practice \(sandbox\): a simulated Karbon account/)).toBeInTheDocument();
    expect(within(card).getByText('Herd: Harbor Dental LLC answered 3 transactions')).toBeInTheDocument();
    expect(within(card).getByText('Harbor Dental LLC answered 3 transactions in Herd.')).toBeInTheDocument();
    expect(within(card).getByText(/^Nov 28, 2026, \d+:\d\d [AP]M$/)).toBeInTheDocument();
    expect(within(card).getByText(/could not be published \(Herd 4\)/)).toBeInTheDocument();
    expect(within(card).getByText('In Progress')).toBeInTheDocument();
    expect(within(card).getByText('Turned away')).toBeInTheDocument();
    expect(within(card).getByText(/minutes\.docx is not a photo or PDF/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Receipts in Herd' })).toHaveAttribute('href', '/dashboard/accountant/receipts/7/');
  });

  it('files a document on the chosen client and says when Herd’s import takes it and what it becomes', async () => {
    const fake = fakeSandbox().answer(
      e.sandboxFile,
      {},
      { client: { ...harbor, files: [{ ...lunch, state: 'WAITING' }, ...harbor.files] }, file: { ...lunch, state: 'WAITING' } },
    );
    fake.install();
    openPage();
    await screen.findByText('File a document in Karbon');
    expect(screen.getByLabelText('Karbon client').closest('.ant-select')).toHaveTextContent('Harbor Dental (Harbor Dental LLC in Herd)');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['png'], 'lunch.png', { type: 'image/png' }));
    expect(screen.getByText('lunch.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'File in Karbon' }));
    await waitFor(() => expect(fake.callsTo(e.sandboxFile, {})).toHaveLength(1));
    const form = fake.callsTo(e.sandboxFile, {})[0]!.body as FormData;
    expect(form.get('client_company')).toBe('7');
    expect((form.get('file') as File).name).toBe('lunch.png');
    const filed = await screen.findByText('Filed in the sandbox Karbon');
    const next = filed.closest('.ant-alert') as HTMLElement;
    expect(next).toHaveTextContent('lunch.png is filed on Harbor Dental in the sandbox Karbon.');
    expect(next).toHaveTextContent(/looks at the client’s files each minute and takes this one by Nov 28, 2026/);
    expect(next).toHaveTextContent('becomes a receipt of Harbor Dental LLC');
    // The lists are read again, so the new document shows among the client's.
    await waitFor(() => expect(fake.callsTo(e.sandboxView, {}).length).toBeGreaterThan(1));
  });

  it('says Herd will not take a document while receipts from Karbon are off for the company, and shows the server’s refusal', async () => {
    const off = { ...harbor, import_receipts: false, next_look_at: null };
    let refuse = true;
    const fake = fakeSandbox({ ...view, clients: [off] }).answer(e.sandboxFile, {}, () =>
      refuse ? { status: 400, data: { file: ['lunch.png is empty.'] } } : { status: 201, data: { client: off, file: { ...lunch, state: 'NOT_IMPORTED' } } },
    );
    fake.install();
    openPage();
    await screen.findByText('File a document in Karbon');
    await userEvent.click(screen.getByRole('button', { name: 'File in Karbon' }));
    expect(await screen.findByText('Choose a file to file.')).toBeInTheDocument();
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File([''], 'lunch.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'File in Karbon' }));
    expect(await screen.findByText('lunch.png is empty.')).toBeInTheDocument();
    refuse = false;
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['png'], 'lunch.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'File in Karbon' }));
    const next = (await screen.findByText('Filed in the sandbox Karbon')).closest('.ant-alert') as HTMLElement;
    expect(next).toHaveTextContent('Herd will not take it: receipts from Karbon are off for Harbor Dental LLC.');
    expect(screen.getByText('Receipts from Karbon are off for it.', { exact: false })).toBeInTheDocument();
  });

  it('sends the firm to link a client first, and says so when the firm has no sandbox Karbon', async () => {
    fakeSandbox({ ...view, clients: [] }).install();
    const { unmount } = openPage();
    expect(await screen.findByText('No client company is linked to a Karbon client yet')).toBeInTheDocument();
    expect(screen.queryByText('File a document in Karbon')).not.toBeInTheDocument();
    unmount();

    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.sandboxView, {}, () => ({ status: 404, data: { detail: 'This firm is not connected to the sandbox Karbon.' } }))
      .install();
    openPage();
    expect(await screen.findByText('This firm is not connected to the sandbox Karbon.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Integrations' })[0]).toHaveAttribute('href', '/settings/?tab=integrations');
  });
});

describe('the Integrations tab', () => {
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
    pending_events: 0,
    failed_events: 0,
    last_error: null,
    last_error_at: null,
  };
  const openTab = (sandbox: boolean) => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(e.settings, {}, { instance: { ...instance, sandbox }, settings })
      .answer(e.workTypes, {}, { work_types: [], work_statuses: [], users: [] })
      .answer(e.mappings, {}, { results: [] })
      .install();
    return renderPage(<KarbonTab />, { path: routes.settings.accountant, route: routes.settings.accountant });
  };

  it('opens the Karbon sandbox page from a sandbox connection, and only from one', async () => {
    const { unmount } = openTab(true);
    expect(await screen.findByRole('link', { name: 'Open the Karbon sandbox' })).toHaveAttribute('href', routes.accountant.karbonSandbox);
    unmount();
    openTab(false);
    await screen.findByText('TENANT-1');
    expect(screen.queryByRole('link', { name: 'Open the Karbon sandbox' })).not.toBeInTheDocument();
  });
});
