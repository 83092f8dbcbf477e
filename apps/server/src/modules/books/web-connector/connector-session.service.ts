import { randomToken, sha256, verifyAgainstDummy, verifyPassword } from '../../../lib/crypto.js';
import { ThrottledError } from '../../../lib/errors.js';
import { assertBackoff, CONNECTOR_LOGIN_BACKOFF, recordHit } from '../../platform/rate-limit/rate-limit.face.js';
import type { ConnectorChannel, ConnectorChannels, ConnectorMessage } from '../ledger/ledger.face.js';
import { connectionOfCompany } from '../ledger-connections/ledger-connections.face.js';
import { hasWaitingListEntries } from '../refs/refs.face.js';
import type { LedgerDeps } from '../transactions/transactions.face.js';
import { findProcessingOfCompany } from '../transactions/transactions.face.js';
import { runConnectorWork } from './connector-run.service.js';
import { sameCompanyFile } from './company-file.rule.js';
import { endRun, findLoginByUserName, findLoginOfCompany, findRunByTicket, insertRun, updateLogin, updateRun, type WebConnectorRun } from './web-connector.queries.js';

/**
 * What each call of the QuickBooks Web Connector's SOAP service means for Herd (the SOAP side,
 * `integrations/qbd/http/`, only reads and writes the envelopes). A session is one run:
 * authenticate opens it, sendRequestXML hands out the run's next qbXML request, receiveResponseXML
 * brings QuickBooks' answer and says how far the run is, closeConnection ends it. The run's work
 * goes on in this process between calls (connector-run.service.ts); a call that reaches a process which
 * does not hold the run starts it again here from what the database holds.
 */
export interface ConnectorSessionDeps extends LedgerDeps {
  connectors: ConnectorChannels;
}

/** authenticate's answer: the ticket (empty when refused), then the company file to open, "" for the open one, "none" or "nvu". */
export type AuthenticateAnswer = [ticket: string, status: string];

const NOT_VALID: AuthenticateAnswer = ['', 'nvu'];
const UNKNOWN_TICKET = 'This Web Connector session is not known to Herd (it ended or was never opened). Run the Web Connector again.';

/** A run that finished this recently, with nothing waiting, leaves nothing for another run to do. */
const QUIET_AFTER_MS = 60_000;

/**
 * Checks the user name and password the .qwc file and the Web Connector's password box carry.
 * Wrong ones answer "nvu" whatever was wrong (so a guesser learns nothing), and each failure from an
 * address makes the next attempts from it wait longer (they answer "nvu" unchecked meanwhile).
 */
export const authenticate = async (
  deps: ConnectorSessionDeps,
  input: { userName: string; password: string; address: string },
  now = new Date(),
): Promise<AuthenticateAnswer> => {
  try {
    await assertBackoff(deps.db, CONNECTOR_LOGIN_BACKOFF, input.address);
  } catch (err) {
    if (err instanceof ThrottledError) return NOT_VALID;
    throw err;
  }
  const found = await findLoginByUserName(deps.db, input.userName);
  const valid = found?.login.passwordHash ? await verifyPassword(found.login.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!found || !valid) {
    await recordHit(deps.db, CONNECTOR_LOGIN_BACKOFF, input.address);
    return NOT_VALID;
  }
  // A company disconnected, or no longer a QuickBooks Desktop company, has nothing to run.
  if (found.company.connectionKind !== 'QBD' || found.company.connectionState !== 'CONNECTED') return NOT_VALID;
  if (await nothingWaits(deps, found.company.pk, now)) return ['', 'none'];
  const ticket = randomToken();
  await insertRun(deps.db, { clientCompanyId: found.company.pk, ticketHash: sha256(ticket) });
  return [ticket, found.login.companyFilePath ?? ''];
};

/** Nothing asked for (no pull, no publish, no re-read, no list entry) and a run finished a moment ago (someone pressed "Update selected" twice). */
const nothingWaits = async (deps: ConnectorSessionDeps, companyPk: number, now: Date) => {
  const connection = await connectionOfCompany(deps.db, companyPk);
  if (!connection?.lastSyncedAt || connection.syncState !== 'IDLE' || connection.rereadPending.length > 0) return false;
  if (now.getTime() - connection.lastSyncedAt.getTime() > QUIET_AFTER_MS) return false;
  return (await findProcessingOfCompany(deps.db, companyPk)).length === 0 && !(await hasWaitingListEntries(deps.db, companyPk));
};

/** Whether a ticket names a run still going: only such a caller may send a large body (QuickBooks' answer). */
export const isRunningTicket = async (deps: ConnectorSessionDeps, ticket: string) => (await runningRun(deps, ticket)) !== null;

/** The run of a ticket, while it runs. */
const runningRun = async (deps: ConnectorSessionDeps, ticket: string) => {
  const found = await findRunByTicket(deps.db, sha256(ticket));
  return found && found.run.outcome === 'RUNNING' ? found : null;
};

/** This process's channel for the run, started here (from the database's progress) when it holds none. */
const channelFor = (deps: ConnectorSessionDeps, run: WebConnectorRun): ConnectorChannel => {
  const held = deps.connectors.channelOf(run.clientCompanyId, run.pk);
  if (held) return held;
  const channel = deps.connectors.openFor(run.clientCompanyId, run.pk);
  const work = async () => {
    try {
      await runConnectorWork(deps, run.clientCompanyId, channel);
    } finally {
      deps.connectors.close(channel);
      // A run whose connector went away without a word (a closed laptop) ends here; the next run goes on from its saved progress.
      if (channel.lostBecause !== null) await endRun(deps.db, run, 'INTERRUPTED', `${channel.lostBecause} The next run goes on from there.`);
    }
  };
  // The work records its own failures; only the run's end could fail here, and the next run is opened afresh whatever it says.
  work().catch(() => {});
  return channel;
};

/** How far the run is, for the Web Connector's progress bar: it cannot know the total, so it climbs towards 99 as requests are answered. */
const percentDone = (channel: ConnectorChannel) => Math.min(99, Math.max(1, Math.round(100 - 100 / (1 + channel.answered / 10))));

/** Ends the run as its last message says and answers the Web Connector: 100 when it finished, -1 (then getLastError) when it failed. */
const finish = async (deps: ConnectorSessionDeps, run: WebConnectorRun, message: Extract<ConnectorMessage, { kind: 'end' }>) => {
  await endRun(deps.db, run, message.error === null ? 'FINISHED' : 'FAILED', message.error);
  return message.error === null ? 100 : -1;
};

export const sendRequestXML = async (deps: ConnectorSessionDeps, input: { ticket: string; companyFile: string }): Promise<string> => {
  const found = await runningRun(deps, input.ticket);
  if (!found) return '';
  const { run } = found;
  if (run.requests === 0 && !(await companyFileAccepted(deps, run, input.companyFile))) return '';
  const channel = channelFor(deps, run);
  const message = await channel.next();
  if (message.kind === 'end') {
    await finish(deps, run, message.error === null ? { kind: 'end', error: 'There was nothing for this run to do.' } : message);
    return '';
  }
  await updateRun(deps.db, run, { requests: run.requests + 1 });
  return message.document;
};

/**
 * The first request of a run checks the company file QuickBooks has open: a company is tied to one
 * file, named by the accountant or by its first run, and a session with another file open is
 * refused before anything is read or written (pulling another company's books into this one
 * would mix two companies).
 */
const companyFileAccepted = async (deps: ConnectorSessionDeps, run: WebConnectorRun, companyFile: string) => {
  const login = await findLoginOfCompany(deps.db, run.clientCompanyId);
  if (!login) return false;
  if (!login.companyFilePath) {
    if (companyFile.trim() !== '') await updateLogin(deps.db, run.clientCompanyId, { companyFilePath: companyFile.trim() });
  } else if (!sameCompanyFile(login.companyFilePath, companyFile)) {
    await updateRun(deps.db, run, { companyFile });
    await endRun(
      deps.db,
      run,
      'WRONG_FILE',
      `QuickBooks has the company file “${companyFile}” open, but this client company expects “${login.companyFilePath}”. Open that file in QuickBooks, or change the expected file in Herd, then run the Web Connector again.`,
    );
    return false;
  }
  await updateRun(deps.db, run, { companyFile });
  return true;
};

export const receiveResponseXML = async (deps: ConnectorSessionDeps, input: { ticket: string; response: string; hresult: string; message: string }): Promise<number> => {
  const found = await runningRun(deps, input.ticket);
  if (!found) return -1;
  const { run } = found;
  const held = deps.connectors.channelOf(run.clientCompanyId, run.pk);
  if (!held) {
    // Another process asked the request this answers: this process starts the run from the saved progress, and the answer is not used.
    const channel = channelFor(deps, run);
    const next = await channel.peek();
    return next.kind === 'end' ? finish(deps, run, next) : percentDone(channel);
  }
  if (input.hresult.trim() !== '' || input.message.trim() !== '') {
    held.lose(`QuickBooks could not answer: ${input.message.trim() || 'no message'} (${input.hresult.trim() || 'no code'}).`);
  } else {
    held.answer(input.response);
  }
  const next = await held.peek();
  return next.kind === 'end' ? finish(deps, run, next) : percentDone(held);
};

/** QuickBooks could not be opened: the run ends with its reason, and the Web Connector is told to stop ("done"). */
export const connectionError = async (deps: ConnectorSessionDeps, input: { ticket: string; hresult: string; message: string }): Promise<string> => {
  const found = await runningRun(deps, input.ticket);
  if (!found) return 'done';
  const reason = `The Web Connector could not open QuickBooks: ${input.message.trim() || 'no message'} (${input.hresult.trim() || 'no code'}).`;
  deps.connectors.channelOf(found.run.clientCompanyId, found.run.pk)?.lose(reason);
  await endRun(deps.db, found.run, 'FAILED', reason);
  return 'done';
};

/** What went wrong, for the Web Connector to show. A run still going asks it to call again ("NoOp"). */
export const getLastError = async (deps: ConnectorSessionDeps, ticket: string): Promise<string> => {
  const found = await findRunByTicket(deps.db, sha256(ticket));
  if (!found) return UNKNOWN_TICKET;
  if (found.run.outcome === 'RUNNING') return 'NoOp';
  return found.run.lastError ?? 'The run ended.';
};

/** The session ends: a run the Web Connector leaves before it finished is interrupted (its progress is kept for the next run). */
export const closeConnection = async (deps: ConnectorSessionDeps, ticket: string): Promise<string> => {
  const found = await findRunByTicket(deps.db, sha256(ticket));
  if (!found) return UNKNOWN_TICKET;
  const { run } = found;
  if (run.outcome === 'RUNNING') {
    deps.connectors.channelOf(run.clientCompanyId, run.pk)?.lose('The Web Connector closed the session before the run finished.');
    await endRun(deps.db, run, 'INTERRUPTED', 'The Web Connector closed the session before the run finished; the next run goes on from there.');
    return 'Herd: the run stopped before it finished; the next run goes on from there.';
  }
  if (run.outcome === 'FINISHED') return `Herd: done (${run.requests} request${run.requests === 1 ? '' : 's'}).`;
  return `Herd: ${run.lastError ?? 'the run ended.'}`;
};
