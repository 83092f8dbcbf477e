import { and, eq } from 'drizzle-orm';
import type { CreateRuleBody, SuggestionRule, UpdateRuleBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, requireFirmActor } from '../../../kernel/permissions.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import { isClientCategoryType } from '../refs/refs.face.js';
import { companyAccounts } from '../suggestions/suggestions.face.js';
import { queueSuggestionRefresh } from '../suggestions/suggestions.face.js';
import type { Account } from '../suggestions/suggestions.face.js';
import { accountForRule } from './rule-account.service.js';
import type { SuggestionDeps } from '../suggestions/suggestions.face.js';
import { deleteRule, findRule, firmCompanyPks, insertRule, rulesForCompany, updateRule, type RuleRow, type RuleWithNames } from './rules.queries.js';
import type { AppDeps } from '../../../app-deps.js';

const toRule = (r: RuleWithNames, accounts: Account[]): SuggestionRule => {
  const own = accountForRule(r.rule, accounts);
  return {
    pk: r.rule.pk,
    scope: r.rule.clientCompanyId === null ? 'FIRM' : 'COMPANY',
    match_text: r.rule.matchText,
    category: own ? { pk: own.pk, name: own.name } : null,
    account_name: r.rule.accountName ?? r.categoryName ?? '',
    vendor: r.rule.vendorId !== null ? { pk: r.rule.vendorId, name: r.vendorName ?? '' } : null,
    enabled: r.rule.enabled,
    auto_answer: r.rule.autoAnswer,
    auto_publish: r.rule.autoPublish,
    created_by: r.createdBy,
    times_applied: r.rule.timesApplied,
    times_overridden: r.rule.timesOverridden,
    paused_reason: r.rule.pausedReason,
    created_at: r.rule.createdAt.toISOString(),
  };
};

export const listRules = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const { company } = await companyAccess(db, actor, companyPk, 'accountant');
  const [rows, accounts] = await Promise.all([rulesForCompany(db, company.firmId, company.pk), companyAccounts(db, company.pk)]);
  return rows.map((r) => toRule(r, accounts));
};

const oneRule = async (db: Db, firmId: number, companyPk: number, pk: number) => {
  const accounts = await companyAccounts(db, companyPk);
  const row = (await rulesForCompany(db, firmId, companyPk)).find((r) => r.rule.pk === pk)!;
  return toRule(row, accounts);
};

/** Firm rules are the firm administrators'; a company's rules, anyone of the firm who sees the company. */
const mayChange = (actor: Actor, scope: 'FIRM' | 'COMPANY') => (scope === 'FIRM' ? can.administerFirm(actor) : can.workOnClients(actor));

export const createRule = async (deps: SuggestionDeps, actor: Actor, { companyPk, ...body }: { companyPk: number } & CreateRuleBody) => {
  const { db } = deps;
  const { company } = await companyAccess(db, actor, companyPk, 'accountant');
  mayChange(actor, body.scope);
  const [category] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, company.pk), eq(ledgerAccounts.pk, body.category)));
  if (!category || !category.active || !isClientCategoryType(category.accountType)) {
    throw ValidationError.field('category', 'Choose an active income or expense account of this company.');
  }
  if (body.vendor && body.scope === 'FIRM') throw ValidationError.field('vendor', 'A rule for the whole firm cannot name one company’s vendor.');
  if (body.vendor) {
    const [vendor] = await db
      .select({ pk: ledgerRefs.pk })
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, company.pk), eq(ledgerRefs.pk, body.vendor), eq(ledgerRefs.kind, 'VENDOR')));
    if (!vendor) throw ValidationError.field('vendor', 'Choose a vendor of this company.');
  }
  const firm = body.scope === 'FIRM';
  const rule = await db.transaction(async (tx) => {
    const row = await insertRule(tx, {
      firmId: company.firmId,
      clientCompanyId: firm ? null : company.pk,
      matchText: body.match_text.toLowerCase(),
      categoryId: firm ? null : category.pk,
      accountName: firm ? category.name : null,
      accountType: firm ? category.accountType : null,
      vendorId: body.vendor ?? null,
      autoAnswer: body.auto_answer ?? false,
      createdBy: actor.userId,
    });
    await writeAuditMany(tx, [
      {
        firmId: company.firmId,
        actorUserId: actor.userId,
        action: 'rule.create',
        targetType: 'suggestion_rule',
        targetPk: row.pk,
        details: { scope: body.scope, match_text: row.matchText },
      },
    ]);
    return row;
  });
  await queueSuggestionRefresh(deps.jobs, company.pk, null);
  return oneRule(db, company.firmId, company.pk, rule.pk);
};

/** The rule if the actor may change it: another firm's, or a company's they do not see, is 404. */
const ruleToChange = async (db: Db, actor: Actor, pk: number) => {
  const firmActor = requireFirmActor(actor);
  const rule = await findRule(db, firmActor.firmId, pk);
  if (!rule) throw new NotFoundError();
  if (rule.clientCompanyId !== null) await companyAccess(db, actor, rule.clientCompanyId, 'accountant');
  mayChange(actor, rule.clientCompanyId === null ? 'FIRM' : 'COMPANY');
  return rule;
};

/**
 * The rule's switches after a change. Publishing without an accountant is the firm's decision: only a
 * firm administrator turns it on (anyone who may change the rule turns it off), and it rides on
 * automatic answers, so turning those off turns it off too.
 */
const switchesAfter = (actor: Actor, rule: RuleRow, body: UpdateRuleBody) => {
  const autoAnswer = body.auto_answer ?? rule.autoAnswer;
  if (body.auto_publish === true && !rule.autoPublish) can.administerFirm(actor);
  if (body.auto_publish === true && !autoAnswer) {
    throw ValidationError.field('auto_publish', 'Turn on automatic answers for this rule before publishing them automatically.');
  }
  const switches = { enabled: body.enabled ?? rule.enabled, autoAnswer, autoPublish: autoAnswer && (body.auto_publish ?? rule.autoPublish) };
  // Turned back on after Herd paused it: the pause is over, and only overrulings from now on count towards another.
  const resumed = rule.pausedReason !== null && switches.enabled ? { pausedReason: null, countedFrom: new Date() } : {};
  return { ...switches, ...resumed };
};

export const changeRule = async (deps: SuggestionDeps, actor: Actor, { rulePk: pk, ...body }: { rulePk: number } & UpdateRuleBody) => {
  const { db } = deps;
  const rule = await ruleToChange(db, actor, pk);
  const switches = switchesAfter(actor, rule, body);
  await db.transaction(async (tx) => {
    await updateRule(tx, rule.firmId, rule.pk, switches);
    await writeAuditMany(tx, [
      {
        firmId: rule.firmId,
        actorUserId: actor.userId,
        action: 'rule.update',
        targetType: 'suggestion_rule',
        targetPk: rule.pk,
        // Turning automatic answers off turns automatic publishing off with them: the log says so.
        details: { ...body, ...(rule.autoPublish && !switches.autoPublish ? { auto_publish: false } : {}) },
      },
    ]);
  });
  await refreshCompaniesOf(deps, rule);
  // A firm rule is shown as it applies to the firm's first company (only firm administrators change it, and they see them all).
  const companyPk = rule.clientCompanyId ?? (await firmCompanyPks(db, rule.firmId))[0];
  if (companyPk === undefined) throw new NotFoundError();
  return oneRule(db, rule.firmId, companyPk, rule.pk);
};

export const removeRule = async (deps: SuggestionDeps, actor: Actor, { rulePk: pk }: { rulePk: number }) => {
  const rule = await ruleToChange(deps.db, actor, pk);
  await deps.db.transaction(async (tx) => {
    await deleteRule(tx, rule.firmId, rule.pk);
    await writeAuditMany(tx, [
      {
        firmId: rule.firmId,
        actorUserId: actor.userId,
        action: 'rule.delete',
        targetType: 'suggestion_rule',
        targetPk: rule.pk,
        details: { match_text: rule.matchText },
      },
    ]);
  });
  await refreshCompaniesOf(deps, rule);
};

/** A rule changed: the suggestions of the companies it applies to are computed again. */
const refreshCompaniesOf = async (deps: SuggestionDeps, rule: RuleRow) => {
  const pks = rule.clientCompanyId !== null ? [rule.clientCompanyId] : await firmCompanyPks(deps.db, rule.firmId);
  for (const pk of pks) await queueSuggestionRefresh(deps.jobs, pk, null);
};
