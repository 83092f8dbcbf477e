import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileEndpoints } from '@herd/contract';
import { qbdEndpoints } from '@herd/contract/endpoints/qbd';
import { QBD_RUN_OUTCOMES, type QbdConnector } from '@herd/contract/qbd';
import { fastUser, findDialog } from '../../../test/dom';
import { createFakeApi, makeProfile } from '../../../test/fake-api';
import { makeLedgerSync } from '../../../test/fake-qbo';
import { renderAt } from '../../../test/render-app';
import { formatTimeOrDateTime } from '../../lib/format';
import { QbdSetupCard } from './qbd-setup-card';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const PK = 31;
const FILE = 'C:\\Users\\Public\\Documents\\Intuit\\QuickBooks\\Company Files\\Harbor Dental.QBW';
const PATH_MESSAGE = 'Enter the full path of the QuickBooks company file, ending in .QBW (e.g. C:\\…).';

const makeConnector = (overrides: Partial<QbdConnector> = {}): QbdConnector => ({
  client_company: PK,
  name: 'Harbor Dental',
  user_name: 'herd-31',
  password_set_at: null,
  company_file_path: null,
  run_every_minutes: 60,
  last_run: null,
  next_run_expected_at: null,
  sync: makeLedgerSync({ provider: 'QBD', external_company_id: 'file-31' }),
  ...overrides,
});

const finishedRun: NonNullable<QbdConnector['last_run']> = {
  outcome: 'FINISHED',
  started_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ended_at: new Date(Date.now() - 4 * 60_000).toISOString(),
  requests: 12,
  company_file: FILE,
  error: null,
};

/** The fake API with the connector as the server answers it now (`current` may change between calls). */
const fakeQbd = (connector: QbdConnector) => {
  const current = { connector };
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(qbdEndpoints.filePaths, {}, () => ({ status: 200, data: { results: [current.connector] } }))
    .install();
  return { fake, current };
};

const openCard = (canManage = true) => renderAt('/', <QbdSetupCard companyPk={PK} canManage={canManage} />);

describe('the QuickBooks Desktop set-up card', () => {
  it('before any run: says so, and the four steps are there', async () => {
    const { fake } = fakeQbd(makeConnector());
    openCard();
    expect(await screen.findByText('The Web Connector has not run yet.')).toBeInTheDocument();
    expect(screen.getByText('Not known until its first run (every hour)')).toBeInTheDocument();
    for (const step of [
      '1. Choose how often it runs and download the file',
      '2. Make the password',
      '3. Add Herd to the Web Connector',
      '4. Check the company file and the interval',
    ])
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    expect(screen.getByText(/Click “Add an application” and pick the .qwc file/)).toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.filePaths, {}).map((r) => r.params)).toEqual([{ client_company: PK }]);
  });

  it.each(QBD_RUN_OUTCOMES)('shows a %s run in words, with its requests, error and company file', async (outcome) => {
    const error = outcome === 'FINISHED' ? null : 'QuickBooks could not open the company file.';
    const run = { ...finishedRun, outcome, error, ended_at: outcome === 'RUNNING' ? null : finishedRun.ended_at };
    const next = new Date(Date.now() + 55 * 60_000);
    fakeQbd(makeConnector({ last_run: run, next_run_expected_at: next.toISOString() }));
    openCard();
    const label = { RUNNING: 'Running now', FINISHED: 'Finished', FAILED: 'Failed', INTERRUPTED: 'Stopped before the end', WRONG_FILE: 'Another company file was open' }[
      outcome
    ];
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.getByText('12 requests to QuickBooks')).toBeInTheDocument();
    expect(screen.getByText(FILE)).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    // The clients list and the waiting transactions say it the same way (lib/web-connector-schedule).
    expect(screen.getByText(`About ${formatTimeOrDateTime(next.toISOString())} (every hour)`)).toBeInTheDocument();
    if (error) expect(screen.getByText(error)).toBeInTheDocument();
    else expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('says a run is late when the expected time has passed', async () => {
    fakeQbd(makeConnector({ last_run: finishedRun, next_run_expected_at: new Date(Date.now() - 10 * 60_000).toISOString() }));
    openCard();
    expect(await screen.findByText(/Late: check that the computer is on/)).toBeInTheDocument();
  });

  it('the download link carries the interval, and no link for an interval out of range', async () => {
    fakeQbd(makeConnector({ run_every_minutes: 30 }));
    openCard();
    const link = await screen.findByRole('link', { name: /Download the .qwc file/ });
    expect(link).toHaveAttribute('href', `/api/v1/qbd/download-qwc/?client_company=${PK}&run_every_minutes=30`);
    const minutes = screen.getByLabelText('Run every');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Download the .qwc file/ })).toHaveAttribute('href', `/api/v1/qbd/download-qwc/?client_company=${PK}&run_every_minutes=15`),
    );
    await userEvent.clear(minutes);
    fireEvent.blur(minutes);
    expect(await screen.findByText(/Enter a whole number of minutes from 1 to 1440/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download the .qwc file/ })).toBeDisabled();
  });
  it('after a download, asks again for the interval the server kept', async () => {
    const { fake, current } = fakeQbd(makeConnector());
    openCard();
    const minutes = await screen.findByLabelText('Run every');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    // The browser downloads the file from the server, which keeps its interval; jsdom only sees the click.
    current.connector = { ...current.connector, run_every_minutes: 15 };
    const asked = fake.callsTo(qbdEndpoints.filePaths, {}).length;
    const link = screen.getByRole('link', { name: /Download the .qwc file/ });
    // jsdom cannot download: the click stays in the page.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(fake.callsTo(qbdEndpoints.filePaths, {}).length).toBeGreaterThan(asked), { timeout: 4000 });
    await waitFor(() => expect(screen.getByLabelText('The Web Connector runs every (minutes)')).toHaveValue('15'));
  });
});

describe('the Web Connector password', () => {
  it('is shown once when made, and a new one warns that the old one stops working', async () => {
    const { fake, current } = fakeQbd(makeConnector());
    let n = 0;
    fake.answer(qbdEndpoints.password, { pk: PK }, () => {
      n += 1;
      current.connector = { ...current.connector, password_set_at: new Date().toISOString() };
      return { status: 200, data: { user_name: 'herd-31', password: `Secret${n}Password` } };
    });
    const app = openCard();
    await userEvent.click(await screen.findByRole('button', { name: /Make a password/ }));
    expect(await screen.findByText('Shown only now: copy the password before you leave this page')).toBeInTheDocument();
    expect(screen.getByTestId('qbd-new-password')).toHaveTextContent('Secret1Password');
    expect(screen.getByText('herd-31')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: /Make a new password/ }));
    const dialog = await findDialog('Make a new password?');
    expect(dialog).toHaveTextContent('The old password stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a new password' }));
    await waitFor(() => expect(screen.getByTestId('qbd-new-password')).toHaveTextContent('Secret2Password'));
    expect(fake.callsTo(qbdEndpoints.password, { pk: PK })).toHaveLength(2);

    // Opened again, the card has no password to show: the server gave it once.
    app.unmount();
    openCard();
    expect(await screen.findByText(/A password was made on/)).toBeInTheDocument();
    expect(screen.queryByTestId('qbd-new-password')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, and offers nothing to those who cannot make one', async () => {
    const { fake } = fakeQbd(makeConnector());
    fake.answer(qbdEndpoints.password, { pk: PK }, () => ({ status: 403, data: { detail: 'You do not have permission to perform this action.' } }));
    const app = openCard();
    await userEvent.click(await screen.findByRole('button', { name: /Make a password/ }));
    expect(await screen.findByText('Could not make a password: You do not have permission to perform this action.')).toBeInTheDocument();
    expect(screen.queryByTestId('qbd-new-password')).not.toBeInTheDocument();
    app.unmount();
    openCard(false);
    expect(await screen.findByText('Ask a firm admin to make the password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make a password/ })).not.toBeInTheDocument();
  });
});

describe('the company file Herd expects', () => {
  it('a bad path shows the server’s message on the field', async () => {
    const { fake } = fakeQbd(makeConnector());
    fake.answer(qbdEndpoints.updateFilePath, { pk: PK }, () => ({ status: 400, data: { company_file_path: [PATH_MESSAGE] } }));
    openCard();
    const path = await screen.findByLabelText('Company file Herd expects');
    await userEvent.type(path, 'C:\\Books\\harbor.txt');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PATH_MESSAGE)).toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.updateFilePath, { pk: PK }).map((r) => r.body)).toEqual([{ company_file_path: 'C:\\Books\\harbor.txt', run_every_minutes: 60 }]);
  });

  it('saves a path and the interval, and "Use the file of the next run" clears it', async () => {
    const { fake, current } = fakeQbd(makeConnector({ company_file_path: FILE }));
    fake.answer(qbdEndpoints.updateFilePath, { pk: PK }, ({ body }) => {
      current.connector = { ...current.connector, ...(body as Partial<QbdConnector>) };
      return { status: 200, data: current.connector };
    });
    openCard();
    const minutes = await screen.findByLabelText('The Web Connector runs every (minutes)');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company file saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the file of the next run' }));
    await waitFor(() => expect(screen.getByLabelText('Company file Herd expects')).toHaveValue(''));
    expect(fake.callsTo(qbdEndpoints.updateFilePath, { pk: PK }).map((r) => r.body)).toEqual([
      { company_file_path: FILE, run_every_minutes: 120 },
      { company_file_path: null, run_every_minutes: 120 },
    ]);
    expect(screen.getByRole('button', { name: 'Use the file of the next run' })).toBeDisabled();
  });
});

describe('runs', () => {
  it('Pull at the next run asks the server and says what it answered', async () => {
    const { fake } = fakeQbd(makeConnector());
    fake.answer(qbdEndpoints.syncClient, {}, () => ({ status: 202, data: { queued: true, detail: 'What changed will be pulled at the next Web Connector run.' } }));
    openCard();
    await userEvent.click(await screen.findByRole('button', { name: /Pull at the next run/ }));
    expect(await screen.findByText('What changed will be pulled at the next Web Connector run.')).toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.syncClient, {}).map((r) => r.body)).toEqual([{ client_company: PK }]);
  });

  it('offers no sandbox run for a real company file', async () => {
    fakeQbd(makeConnector());
    openCard();
    expect(await screen.findByText('The Web Connector has not run yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run the Web Connector now/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-tag')).not.toBeInTheDocument();
  });

  it('a sandbox company runs the simulated Web Connector and the card shows the run', async () => {
    const { fake, current } = fakeQbd(makeConnector({ sync: makeLedgerSync({ provider: 'QBD', sandbox: true }) }));
    fake.answer(qbdEndpoints.sandboxRun, { pk: PK }, () => {
      current.connector = { ...current.connector, last_run: finishedRun };
      return { status: 200, data: finishedRun };
    });
    openCard();
    expect(await screen.findByTestId('sandbox-tag')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Run the Web Connector now \(sandbox\)/ }));
    expect(await screen.findByText('Sandbox run finished (12 requests)')).toBeInTheDocument();
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(fake.callsTo(qbdEndpoints.sandboxRun, { pk: PK })).toHaveLength(1);
    expect(fake.callsTo(qbdEndpoints.filePaths, {}).length).toBeGreaterThanOrEqual(2);
  });

  it('a sandbox run refused by the server says why', async () => {
    const { fake } = fakeQbd(makeConnector({ sync: makeLedgerSync({ provider: 'QBD', sandbox: true }) }));
    fake.answer(qbdEndpoints.sandboxRun, { pk: PK }, () => ({ status: 404, data: { detail: 'The QuickBooks Desktop sandbox is off on this server.' } }));
    openCard();
    await userEvent.click(await screen.findByRole('button', { name: /Run the Web Connector now \(sandbox\)/ }));
    expect(await screen.findByText('Could not run the sandbox Web Connector: The QuickBooks Desktop sandbox is off on this server.')).toBeInTheDocument();
  });
});
