import { fileTypeFromBuffer } from 'file-type';
import { isId, unavailable, type KarbonSandboxFiled, type KarbonSandboxView } from '@herd/contract';
import type { z } from 'zod';
import type { karbonSandboxClient, karbonSandboxFile } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { KarbonSandbox } from './builtin-sandbox.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { Upload } from '../../../lib/uploads.js';
import type { Actor } from '../../../kernel/actor.js';
import { instanceFor, type NoInput } from '../../../modules/firm/practice-management/karbon-access.service.js';
import { LOOK_AGAIN_AFTER_MS } from '../../../modules/firm/practice-management/karbon-receipts.job.js';
import { importedFilesOfFirm, keysWrittenByHerd, linkedCompaniesOfFirm, markFilesDue, type LinkedCompany } from './karbon-sandbox-view.queries.js';
import { effectiveSettings } from '../../../modules/firm/practice-management/karbon.settings.js';
import { findClientOverrides } from '../../../modules/firm/practice-management/karbon.queries.js';

export type KarbonSandboxViewDeps = Pick<AppDeps, 'db' | 'config'> & { karbonSandbox: KarbonSandbox | null };

type SandboxClient = z.infer<typeof karbonSandboxClient>;
type SandboxFile = z.infer<typeof karbonSandboxFile>;
type Imported = Awaited<ReturnType<typeof importedFilesOfFirm>>;

const NOT_CONNECTED = 'This firm is not connected to the sandbox Karbon.';

/**
 * The firm's own account in the sandbox, for a firm admin whose firm is connected to it: the
 * account is the one the sandbox made for this firm (and the one its connection holds), so no
 * firm's page ever reads another's. With the sandboxes off there is nothing to see (404).
 */
const sandboxOf = async (deps: KarbonSandboxViewDeps, actor: Actor) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const sandbox = deps.karbonSandbox;
  if (!sandbox) throw new NotFoundError(unavailable.karbonSandbox);
  const tenant = sandbox.tenantOf(firmActor.firmId);
  if (!instance.sandbox || !tenant || tenant !== instance.tenantKey) throw new NotFoundError(NOT_CONNECTED);
  return { firmId: firmActor.firmId, instance, sandbox, tenant };
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** An organization's or contact's name: a contact made without `FullName` is named by its parts. */
const nameOf = (client: Record<string, unknown>) => textOrNull(client.FullName) ?? ([text(client.FirstName), text(client.LastName)].filter(Boolean).join(' ') || null);

/** Karbon's enum spelling (`InProgress`) as Karbon shows it (`In Progress`). */
const spaced = (status: string) => status.replace(/([a-z])([A-Z])/g, '$1 $2');

/** A work item's status as Karbon shows it: the primary status, and its secondary one ("In Progress - Review"). */
const statusOf = (item: Record<string, unknown>) => {
  const primary = textOrNull(item.PrimaryStatus);
  const secondary = textOrNull(item.SecondaryStatus);
  if (primary) return secondary ? `${spaced(primary)} - ${secondary}` : spaced(primary);
  return textOrNull(item.WorkStatus) ?? 'No status';
};

/** The next minute's sweep at or after `at`: the import runs at the start of each minute. */
const sweepAtOrAfter = (at: number) => new Date(Math.ceil(at / 60_000) * 60_000);

const nextLookAt = (linked: LinkedCompany, importing: boolean, now: Date) => {
  if (!importing) return null;
  const due = linked.filesCheckedAt ? Math.max(now.getTime(), linked.filesCheckedAt.getTime() + LOOK_AGAIN_AFTER_MS) : now.getTime();
  return sweepAtOrAfter(due + 1).toISOString();
};

const fileState = (key: string, imported: Imported, importing: boolean): Pick<SandboxFile, 'state' | 'refusal'> => {
  const looked = imported.get(key);
  if (looked?.refusal) return { state: 'TURNED_AWAY', refusal: looked.refusal };
  if (looked) return { state: 'RECEIPT', refusal: null };
  return { state: importing ? 'WAITING' : 'NOT_IMPORTED', refusal: null };
};

const newestFirst = <T extends { date: string | null }>(rows: T[]) => rows.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));

/** One linked client as the sandbox holds it: Herd's notes and work items on it, and the files filed on it. */
const clientView = async (
  deps: KarbonSandboxViewDeps,
  account: Awaited<ReturnType<typeof sandboxOf>>,
  linked: LinkedCompany,
  seen: { byHerd: Set<string>; imported: Imported },
  now: Date,
): Promise<SandboxClient> => {
  const { sandbox, tenant, instance } = account;
  const control = sandbox.control;
  const importing = effectiveSettings(instance.settings, await findClientOverrides(deps.db, linked.companyPk)).import_receipts;
  const clients = linked.karbonType === 'Organization' ? control.organizations(tenant) : control.contacts(tenant);
  const keyField = linked.karbonType === 'Organization' ? 'OrganizationKey' : 'ContactKey';
  const karbonClient = clients.find((client) => client[keyField] === linked.karbonKey);
  const onTimeline = (note: Record<string, unknown>) => ((note.Timelines as { EntityKey?: unknown }[] | undefined) ?? []).some((t) => t.EntityKey === linked.karbonKey);
  return {
    client_company: linked.companyPk,
    company_name: linked.companyName,
    karbon_key: linked.karbonKey,
    karbon_type: linked.karbonType,
    karbon_name: karbonClient ? nameOf(karbonClient) : null,
    import_receipts: importing,
    next_look_at: nextLookAt(linked, importing, now),
    notes: newestFirst(
      control
        .notes(tenant)
        .filter((note) => seen.byHerd.has(text(note.Id)) && onTimeline(note))
        .map((note) => ({ key: text(note.Id), date: textOrNull(note.CreatedDate), subject: text(note.Subject), body: text(note.Body) })),
    ),
    work_items: control
      .workItems(tenant)
      .filter((item) => seen.byHerd.has(text(item.WorkItemKey)) && item.ClientKey === linked.karbonKey)
      .map((item) => ({ key: text(item.WorkItemKey), title: text(item.Title), status: statusOf(item), start_date: textOrNull(item.StartDate) }))
      .reverse(),
    files: control
      .files(tenant)
      .filter((file) => file.EntityType === linked.karbonType && file.EntityKey === linked.karbonKey)
      .map((file) => ({
        key: file.FileContextKey,
        name: file.FileName,
        size: file.FileSize,
        content_type: file.MimeType,
        date: file.DateCreated,
        ...fileState(file.FileContextKey, seen.imported, importing),
      }))
      .reverse(),
  };
};

const clientsOf = async (deps: KarbonSandboxViewDeps, account: Awaited<ReturnType<typeof sandboxOf>>, now: Date, only?: number) => {
  const [linked, byHerd, imported] = await Promise.all([
    linkedCompaniesOfFirm(deps.db, account.firmId),
    keysWrittenByHerd(deps.db, account.firmId),
    importedFilesOfFirm(deps.db, account.firmId),
  ]);
  const chosen = only === undefined ? linked : linked.filter((row) => row.companyPk === only);
  return Promise.all(chosen.map((row) => clientView(deps, account, row, { byHerd, imported }, now)));
};

/** `sandbox/view/`: what a newcomer would look for in Karbon after trying Herd, without a Karbon account. */
export const viewKarbonSandbox = async (deps: KarbonSandboxViewDeps, actor: Actor, _input: NoInput, now = new Date()): Promise<KarbonSandboxView> => {
  const account = await sandboxOf(deps, actor);
  const keys = account.sandbox.control.keys(account.tenant);
  return { tenant_key: account.tenant, account_name: keys.name, clients: await clientsOf(deps, account, now) };
};

const companyOf = (fields: Record<string, string>) => {
  const raw = fields.client_company?.trim() ?? '';
  if (!raw) throw ValidationError.field('client_company', 'Choose the client to file the document on.');
  const pk = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!isId(pk)) throw ValidationError.field('client_company', 'Client company is not valid.');
  return pk;
};

/**
 * `sandbox/files/`: a document filed on a linked client, as someone at the firm would file it in
 * Karbon. Herd's receipts import takes it as it takes any file there (the sweep each minute); the
 * client is made due at once, so the newcomer waits a minute rather than up to fifteen.
 */
export const fileOnKarbonSandbox = async (deps: KarbonSandboxViewDeps, actor: Actor, upload: Upload, now = new Date()): Promise<KarbonSandboxFiled> => {
  const account = await sandboxOf(deps, actor);
  const companyPk = companyOf(upload.fields);
  const [linked] = (await linkedCompaniesOfFirm(deps.db, account.firmId)).filter((row) => row.companyPk === companyPk);
  if (!linked) throw new NotFoundError('That client company is not linked to a client of the sandbox Karbon.');
  if (upload.bytes.length === 0) throw ValidationError.field('file', `${upload.fileName} is empty.`);
  // Karbon keeps the type the file is; Herd's import judges the bytes again either way, as it does any file there.
  const mimeType = (await fileTypeFromBuffer(upload.bytes))?.mime ?? 'application/octet-stream';
  const key = account.sandbox.fileOn(account.tenant, {
    entityType: linked.karbonType,
    entityKey: linked.karbonKey,
    fileName: upload.fileName,
    mimeType,
    bytes: upload.bytes,
  });
  await markFilesDue(deps.db, account.firmId, linked.mappingPk);
  const [client] = await clientsOf(deps, account, now, companyPk);
  const file = client?.files.find((f) => f.key === key);
  if (!client || !file) throw new NotFoundError(NOT_CONNECTED);
  return { client, file };
};
