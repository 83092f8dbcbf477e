import type { KarbonSettings } from '@herd/contract';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { findCompaniesForMapping } from './karbon-members.queries.js';
import { instanceFor, type KarbonDeps, type NoInput } from './karbon-access.service.js';
import { serializeInstance } from './karbon-instance.service.js';
import { DEFAULT_KARBON_SETTINGS, effectiveSettings } from './karbon.settings.js';
import { workStatusProblem } from './karbon-work-status.rule.js';
import { findClientOverrides, findInstance, saveClientOverrides, updateInstance, type KarbonInstanceRow } from './karbon.queries.js';

/** `settings/`: the connection (null before one) and what Herd writes; before a connection, the defaults. */
export const getSettings = async (deps: KarbonDeps, actor: Actor, _input: NoInput = {}) => {
  const firmActor = can.administerFirm(actor);
  const instance = await findInstance(deps.db, firmActor.firmId);
  return { instance: instance ? await serializeInstance(deps.db, instance) : null, settings: { ...DEFAULT_KARBON_SETTINGS, ...instance?.settings } };
};

/** A work type or status must be one of the account's as last read; a work item for a user needs their email. */
const checkAgainstKarbon = (instance: KarbonInstanceRow, settings: Partial<KarbonSettings>) => {
  const fields: Record<string, string[]> = {};
  if (settings.work_type && !instance.workTypes.some((w) => w.name === settings.work_type))
    fields.work_type = ['Choose one of the Karbon account’s work types (read them again if it was added lately).'];
  const statusProblem = workStatusProblem(instance, { work_type: settings.work_type ?? null, work_status: settings.work_status ?? null });
  if (statusProblem) fields.work_status = [statusProblem];
  if (settings.assignee === 'USER' && !settings.assignee_email) fields.assignee_email = ['Choose the Karbon user the work items go to.'];
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
};

export const updateSettings = async (deps: KarbonDeps, actor: Actor, settings: KarbonSettings) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  checkAgainstKarbon(instance, settings);
  await deps.db.transaction(async (tx) => {
    await updateInstance(tx, firmActor.firmId, { settings });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'karbon.settings',
      targetType: 'firm',
      targetPk: firmActor.firmId,
      details: settings,
    });
  });
  return getSettings(deps, actor);
};

/** The firm's company, or 404. */
const ownCompany = async (deps: KarbonDeps, firmId: number, companyPk: number) => {
  const company = (await findCompaniesForMapping(deps.db, firmId)).find((c) => c.pk === companyPk);
  if (!company) throw new NotFoundError();
  return company;
};

export const getClientSettings = async (deps: KarbonDeps, actor: Actor, companyPk: number) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  await ownCompany(deps, firmActor.firmId, companyPk);
  const overrides = await findClientOverrides(deps.db, companyPk);
  return { client_company: companyPk, overrides, effective: effectiveSettings(instance.settings, overrides) };
};

export const updateClientSettings = async (
  deps: KarbonDeps,
  actor: Actor,
  { companyPk, ...overrides }: Partial<Record<keyof KarbonSettings, unknown>> & { companyPk: number },
) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  await ownCompany(deps, firmActor.firmId, companyPk);
  const effective = effectiveSettings(instance.settings, overrides);
  checkAgainstKarbon(instance, effective);
  await deps.db.transaction(async (tx) => {
    await saveClientOverrides(tx, companyPk, overrides as Partial<KarbonSettings>);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'karbon.client_settings',
      targetType: 'client_company',
      targetPk: companyPk,
      details: overrides,
    });
  });
  return getClientSettings(deps, actor, companyPk);
};
