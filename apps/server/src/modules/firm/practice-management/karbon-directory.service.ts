import type { AppDeps } from '../../../app-deps.js';
import type { KarbonDirectoryRecord } from './karbon.port.js';
import type { Actor } from '../../../kernel/actor.js';
import { withKarbon } from './karbon-failure.rule.js';
import { findFirmMemberEmails } from './karbon-members.queries.js';
import { instanceFor, keysOf, type KarbonDeps, type NoInput } from './karbon-access.service.js';
import { pageDirectory, replaceDirectory, updateInstance, type KarbonInstanceRow } from './karbon.queries.js';

const PAGE_SIZE = 50;

/** Reads Karbon's organizations and contacts whole, page by page, and keeps them as Herd's copy. */
export const readDirectory = async (deps: Pick<AppDeps, 'db' | 'config' | 'karbon'>, instance: KarbonInstanceRow) => {
  const rows: KarbonDirectoryRecord[] = [];
  for await (const page of deps.karbon.directory(keysOf(deps.config, instance))) rows.push(...page);
  // Karbon's keys are unique across both kinds; a key read twice (an edit between pages) keeps its last copy.
  const unique = [...new Map(rows.map((row) => [row.key, row])).values()];
  await replaceDirectory(deps.db, instance.firmId, unique);
  return unique.length;
};

export const resyncOrganizations = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const { instance } = await instanceFor(deps, actor);
  const count = await withKarbon(() => readDirectory(deps, instance));
  return { detail: `${count} Karbon organizations and contacts read.`, count };
};

/** Work types and work statuses both come from Karbon's TenantSettings: either resync reads both. */
const readTenant = async (deps: KarbonDeps, actor: Actor) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const tenant = await withKarbon(() => deps.karbon.tenantSettings(keysOf(deps.config, instance)));
  await updateInstance(deps.db, firmActor.firmId, { workTypes: tenant.workTypes, workStatuses: tenant.workStatuses });
  return tenant;
};

export const resyncWorkTypes = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const tenant = await readTenant(deps, actor);
  return { detail: `${tenant.workTypes.length} Karbon work types read.`, count: tenant.workTypes.length };
};

export const resyncWorkStatuses = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const tenant = await readTenant(deps, actor);
  return { detail: `${tenant.workStatuses.length} Karbon work statuses read.`, count: tenant.workStatuses.length };
};

export const resyncUsers = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const users = await withKarbon(() => deps.karbon.users(keysOf(deps.config, instance)));
  await updateInstance(deps.db, firmActor.firmId, { users });
  return { detail: `${users.length} Karbon users read.`, count: users.length };
};

/** `worktypes/list/`: as last read; each Karbon user says whether they are one of the firm's people (same email). */
export const listWorkTypes = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const members = new Set((await findFirmMemberEmails(deps.db, firmActor.firmId)).map((email) => email.toLowerCase()));
  return {
    work_types: instance.workTypes,
    work_statuses: instance.workStatuses,
    users: instance.users.map((user) => ({ ...user, member: members.has(user.email.toLowerCase()) })),
  };
};

/** `organizations/list/`: Karbon's organizations and contacts as last read, searched by name or email. */
export const listDirectory = async (deps: KarbonDeps, actor: Actor, query: { search?: string | undefined; page: number }) => {
  const { firmActor } = await instanceFor(deps, actor);
  const { count, rows } = await pageDirectory(deps.db, firmActor.firmId, query, PAGE_SIZE);
  const link = (page: number) => `?page=${page}${query.search ? `&search=${encodeURIComponent(query.search)}` : ''}`;
  return {
    count,
    next: query.page * PAGE_SIZE < count ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results: rows.map((row) => ({ key: row.key, type: row.type, name: row.name, email: row.email })),
  };
};
