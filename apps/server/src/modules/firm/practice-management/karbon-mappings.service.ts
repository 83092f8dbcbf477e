import type { KarbonClientType } from '@herd/contract';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { instanceFor, keysOf, type KarbonDeps, type NoInput } from './karbon-access.service.js';
import { withKarbon } from './karbon-failure.rule.js';
import { findClientEmails, findCompaniesForMapping } from './karbon-members.queries.js';
import {
  deleteMapping,
  directoryOfFirm,
  findDirectoryEntry,
  findMapping,
  mappingsOfFirm,
  saveMapping,
  upsertDirectoryEntry,
  type KarbonDirectoryRow,
} from './karbon.queries.js';

/** Names compared as people read them: case, punctuation and the company forms (LLC, Inc…) do not matter. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\b(llc|inc|ltd|limited|corp|corporation|co|company|pllc|lp|llp)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const entryOf = (row: KarbonDirectoryRow) => ({ key: row.key, type: row.type, name: row.name, email: row.email });

/** `organizations/mappings/`: every client company, its Karbon client, and when it has none the likely ones (same name, or a client user's email). */
export const listMappings = async (deps: KarbonDeps, actor: Actor, _input: NoInput = {}) => {
  const { firmActor } = await instanceFor(deps, actor);
  const [companies, mappings, directory, emails] = await Promise.all([
    findCompaniesForMapping(deps.db, firmActor.firmId),
    mappingsOfFirm(deps.db, firmActor.firmId),
    directoryOfFirm(deps.db, firmActor.firmId),
    findClientEmails(deps.db, firmActor.firmId),
  ]);
  const byKey = new Map(directory.map((row) => [row.key, row]));
  const byName = new Map<string, KarbonDirectoryRow[]>();
  for (const row of directory) byName.set(nameKey(row.name), [...(byName.get(nameKey(row.name)) ?? []), row]);
  const byEmail = new Map(directory.filter((row) => row.email).map((row) => [row.email!.toLowerCase(), row]));
  return {
    results: companies.map((company) => {
      const mapped = mappings.find((m) => m.clientCompanyId === company.pk);
      const known = mapped ? byKey.get(mapped.karbonKey) : undefined;
      const mapping = mapped ? (known ? entryOf(known) : { key: mapped.karbonKey, type: mapped.karbonType, name: '(no longer in Karbon)', email: null }) : null;
      const suggestions = mapped
        ? []
        : [
            ...(byName.get(nameKey(company.name)) ?? []).map((row) => ({ ...entryOf(row), reason: 'name' as const })),
            ...emails
              .filter((e) => e.companyPk === company.pk)
              .flatMap((e) => {
                const row = byEmail.get(e.email.toLowerCase());
                return row ? [{ ...entryOf(row), reason: 'email' as const }] : [];
              }),
          ].filter((s, i, all) => all.findIndex((o) => o.key === s.key) === i);
      return { client_company: company.pk, name: company.name, mapping, suggestions };
    }),
  };
};

/**
 * Links a company to a Karbon client the firm's Karbon has: known from the last read, or asked of
 * Karbon at once (one made there since). Another firm's company is 404.
 */
const link = async (deps: KarbonDeps, actor: Actor, companyPk: number, target: { karbon_key: string; karbon_type: KarbonClientType } | null) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const company = (await findCompaniesForMapping(deps.db, firmActor.firmId)).find((c) => c.pk === companyPk);
  if (!company) throw new NotFoundError();
  if (target) {
    let entry = await findDirectoryEntry(deps.db, firmActor.firmId, target.karbon_key);
    if (!entry) {
      const fresh = await withKarbon(() => deps.karbon.directoryEntry(keysOf(deps.config, instance), target.karbon_key, target.karbon_type));
      if (!fresh) throw ValidationError.field('karbon_key', 'Karbon has no such organization or contact.');
      await upsertDirectoryEntry(deps.db, firmActor.firmId, fresh);
      entry = await findDirectoryEntry(deps.db, firmActor.firmId, target.karbon_key);
    }
    if (entry!.type !== target.karbon_type) throw ValidationError.field('karbon_type', `This Karbon client is a ${entry!.type.toLowerCase()}.`);
  }
  await deps.db.transaction(async (tx) => {
    if (target) await saveMapping(tx, { firmId: firmActor.firmId, clientCompanyId: company.pk, karbonKey: target.karbon_key, karbonType: target.karbon_type });
    else await deleteMapping(tx, company.pk);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: target ? 'karbon.map' : 'karbon.unmap',
      targetType: 'client_company',
      targetPk: company.pk,
      details: target ? { karbon_key: target.karbon_key, karbon_type: target.karbon_type } : {},
    });
  });
  const row = (await listMappings(deps, actor)).results.find((r) => r.client_company === company.pk)!;
  return row;
};

export const createMapping = async (deps: KarbonDeps, actor: Actor, body: { client_company: number; karbon_key: string; karbon_type: KarbonClientType }) => {
  if (await findMapping(deps.db, body.client_company)) {
    const { firmActor } = await instanceFor(deps, actor);
    const mine = (await findCompaniesForMapping(deps.db, firmActor.firmId)).some((c) => c.pk === body.client_company);
    if (mine) throw ValidationError.field('client_company', 'This client company is already linked to Karbon: change its link instead.');
  }
  return link(deps, actor, body.client_company, { karbon_key: body.karbon_key, karbon_type: body.karbon_type });
};

export const updateMapping = (deps: KarbonDeps, actor: Actor, input: { companyPk: number; target: { karbon_key: string; karbon_type: KarbonClientType } | null }) =>
  link(deps, actor, input.companyPk, input.target);
