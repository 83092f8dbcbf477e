import { randomInt } from 'node:crypto';
import type { QbdConnector, QbdUpdateFilePathBody, SyncRequestResult } from '@herd/contract';
import { QBD_RUN_EVERY_MINUTES } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { hashPassword } from '../../../lib/crypto.js';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { companyAccess, type CompanyRow } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { connectionOfCompany, nextRunExpectedAt, requestPull, syncInfo } from '../ledger-connections/ledger-connections.face.js';
import { qwcFile } from './qwc-file.format.js';
import { findLoginOfCompany, lastRunOfCompany, updateLogin, type WebConnectorLogin, type WebConnectorRun } from './web-connector.queries.js';
import { listQbdCompanies } from './qbd-companies.queries.js';

/** No 0/O nor 1/l/I, so it is typed into the Web Connector's password box without doubt; 20 of these are about 115 bits. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const PASSWORD_LENGTH = 20;

/** The company as this person sees it, and only a QuickBooks Desktop one (anything else is not found here). */
const qbdCompany = async (deps: Pick<AppDeps, 'db'>, actor: Actor, companyPk: number) => {
  const { company } = await companyAccess(deps.db, actor, companyPk, 'accountant');
  const login = company.connectionKind === 'QBD' ? await findLoginOfCompany(deps.db, company.pk) : null;
  if (!login) throw new NotFoundError('This client company is not a QuickBooks Desktop company.');
  return { company, login };
};

const serializeRun = (run: WebConnectorRun | null) =>
  run && {
    outcome: run.outcome,
    started_at: run.startedAt.toISOString(),
    ended_at: run.endedAt?.toISOString() ?? null,
    requests: run.requests,
    company_file: run.companyFile,
    error: run.lastError,
  };

/** The set-up and where it stands; the next run is expected an interval after the last one started. */
const serializeConnector = async (db: Db, company: Pick<CompanyRow, 'pk' | 'name'>, login: WebConnectorLogin): Promise<QbdConnector> => {
  const [run, connection] = await Promise.all([lastRunOfCompany(db, company.pk), connectionOfCompany(db, company.pk)]);
  if (!connection) throw new NotFoundError('This client company is not linked to QuickBooks Desktop.');
  const nextRun = nextRunExpectedAt(run?.startedAt ?? null, login.runEveryMinutes);
  return {
    client_company: company.pk,
    name: company.name,
    user_name: login.userName,
    password_set_at: login.passwordSetAt?.toISOString() ?? null,
    company_file_path: login.companyFilePath,
    run_every_minutes: login.runEveryMinutes,
    last_run: serializeRun(run),
    next_run_expected_at: nextRun?.toISOString() ?? null,
    sync: syncInfo(connection, nextRun),
  };
};

/** `qbd/get-qwc-file-paths/`: every QuickBooks Desktop company the person sees (or one), with its set-up. */
export const listConnectors = async (deps: Pick<AppDeps, 'db'>, actor: Actor, query: { client_company?: number | undefined }) => {
  // One company asked for by pk is one this person sees, and a QuickBooks Desktop one: anything else is 404, not an empty list.
  if (query.client_company !== undefined) await qbdCompany(deps, actor, query.client_company);
  const rows = await listQbdCompanies(deps.db, can.workOnClients(actor), query.client_company);
  return { results: await Promise.all(rows.map(({ company, login }) => serializeConnector(deps.db, company, login))) };
};

/** `qbd/download-qwc/`: the .qwc file, with the interval the accountant chose (kept, so the screen knows when to expect the next run). */
export const downloadQwc = async (deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, query: { client_company: number; run_every_minutes?: number | undefined }) => {
  const { company, login } = await qbdCompany(deps, actor, query.client_company);
  const runEveryMinutes = query.run_every_minutes ?? login.runEveryMinutes ?? QBD_RUN_EVERY_MINUTES.default;
  if (runEveryMinutes !== login.runEveryMinutes) await updateLogin(deps.db, company.pk, { runEveryMinutes });
  return { filename: `herd-${company.pk}.qwc`, content: qwcFile({ appUrl: deps.config.appUrl, company, login: { ...login, runEveryMinutes } }) };
};

/** `qbd/update-file-path/{pk}/`: the company file the runs must have open (null: the next run's file), and the interval. */
export const updateFilePath = async (deps: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, ...body }: QbdUpdateFilePathBody & { companyPk: number }) => {
  const firmActor = can.manageClientCompanies(actor);
  const { company } = await qbdCompany(deps, actor, companyPk);
  await deps.db.transaction(async (tx) => {
    await updateLogin(tx, company.pk, { companyFilePath: body.company_file_path, ...(body.run_every_minutes ? { runEveryMinutes: body.run_every_minutes } : {}) });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.qbd_file_path',
      targetType: 'client_company',
      targetPk: company.pk,
      details: { company_file_path: body.company_file_path, run_every_minutes: body.run_every_minutes ?? null },
    });
  });
  const login = (await findLoginOfCompany(deps.db, company.pk))!;
  return serializeConnector(deps.db, company, login);
};

/** A new password for the company's login: only its hash is kept, and the old one stops working. */
const issuePassword = async (db: Db, companyPk: number) => {
  const password = Array.from({ length: PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
  await updateLogin(db, companyPk, { passwordHash: await hashPassword(password), passwordSetAt: new Date() });
  return password;
};

/** `qbd/password/{pk}/`: a new password, returned this once. */
export const resetConnectorPassword = async (deps: Pick<AppDeps, 'db'>, actor: Actor, companyPk: number) => {
  const firmActor = can.manageClientCompanies(actor);
  const { company, login } = await qbdCompany(deps, actor, companyPk);
  const password = await deps.db.transaction(async (tx) => {
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.qbd_password',
      targetType: 'client_company',
      targetPk: company.pk,
      details: {},
    });
    return issuePassword(tx, company.pk);
  });
  return { user_name: login.userName, password };
};

/**
 * What the built-in sandbox's simulated Web Connector needs to run a sandbox company: its .qwc file
 * and a password, made for this run (a sandbox company's password is the sandbox's own). A company
 * linked while the sandboxes were off is a real company file's, and its Web Connector is real.
 */
export const sandboxRunSetup = async (deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, companyPk: number) => {
  const { company, login } = await qbdCompany(deps, actor, companyPk);
  const connection = await connectionOfCompany(deps.db, company.pk);
  if (!connection?.sandbox)
    throw new ConflictError('This company is linked to a real QuickBooks company file: run its Web Connector on the computer that has QuickBooks.');
  const password = await issuePassword(deps.db, company.pk);
  return { company, qwc: qwcFile({ appUrl: deps.config.appUrl, company, login }), password };
};

/** `qbd/sync-client/`: what changed is pulled at the next Web Connector run. */
export const syncAtNextRun = async (deps: AppDeps, actor: Actor, companyPk: number): Promise<SyncRequestResult> => {
  await qbdCompany(deps, actor, companyPk);
  return requestPull(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), 'INCREMENTAL');
};
