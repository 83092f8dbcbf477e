import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { SuggestionRule, Transaction } from '@herd/contract';
import { auditLog } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createClientUser, createLedgerAccount, firmMemberPkOf, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { ADOBE, importBankRows } from '../../../../test/bank-rows.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 53);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rules = (pk: number) => `accounting/accountant/client-company/${pk}/rules/`;
const createPath = (pk: number) => `accounting/accountant/client-company/${pk}/rules/create/`;
const rulePath = (pk: number) => `accounting/accountant/rules/${pk}/`;
const list = async (who: TestClient, pk: number, which = 'list') =>
  ((await who.get(`accounting/accountant/client-company/${pk}/transactions/${which}/?page_size=100`)).json().results as Transaction[]).sort((a, b) =>
    a.date.localeCompare(b.date),
  );

describe('rules: who may write them', () => {
  it('creates, lists, disables and deletes; a team member writes company rules only for assigned clients, never firm rules; another firm gets 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });

    // A team member not assigned to the company does not see it.
    expect((await cast.teamMember.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: software.pk })).statusCode).toBe(404);
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    expect((await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { assigned_members: [memberPk] })).statusCode).toBe(200);
    const byMember = await cast.teamMember.post(createPath(pk), { scope: 'COMPANY', match_text: 'Adobe', category: software.pk });
    expect(byMember.statusCode).toBe(201);
    expect(byMember.json()).toMatchObject({ scope: 'COMPANY', match_text: 'adobe', category: { pk: software.pk, name: 'Software' }, enabled: true, auto_answer: false });
    expect((await cast.teamMember.post(createPath(pk), { scope: 'FIRM', match_text: 'intuit', category: software.pk })).statusCode).toBe(403);

    const firmRule = await cast.admin.post(createPath(pk), { scope: 'FIRM', match_text: 'intuit', category: software.pk });
    expect(firmRule.statusCode).toBe(201);
    expect(firmRule.json()).toMatchObject({ scope: 'FIRM', account_name: 'Software', category: { pk: software.pk } });
    const listed = (await cast.teamMember.get(rules(pk))).json() as SuggestionRule[];
    expect(listed.map((r) => [r.scope, r.match_text])).toEqual([
      ['COMPANY', 'adobe'],
      ['FIRM', 'intuit'],
    ]);

    // The team member may not switch off the firm's rule; the admin may.
    expect((await cast.teamMember.patch(rulePath(firmRule.json().pk), { enabled: false })).statusCode).toBe(403);
    const off = await cast.admin.patch(rulePath(firmRule.json().pk), { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);

    // Another firm: 404 on everything.
    expect((await cast.otherFirmAdmin.get(rules(pk))).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: software.pk })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.patch(rulePath(byMember.json().pk), { enabled: false })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.delete(rulePath(byMember.json().pk))).statusCode).toBe(404);
    expect((await cast.client.get(rules(pk))).statusCode).toBe(403);

    expect((await cast.teamMember.delete(rulePath(byMember.json().pk))).statusCode).toBe(204);
    expect(((await cast.admin.get(rules(pk))).json() as SuggestionRule[]).map((r) => r.match_text)).toEqual(['intuit']);
  });

  it('refuses bad input with field errors', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const other = await createClientUser(t.db, cast.firm.firmId);
    const elsewhere = await createLedgerAccount(t.db, other.companyId, { name: 'Software' });
    const res = await cast.admin.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: elsewhere.pk });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ category: ['Choose an active income or expense account of this company.'] });
    const short = await cast.admin.post(createPath(pk), { scope: 'NOPE', match_text: 'a', category: elsewhere.pk });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json()).sort()).toEqual(['match_text', 'scope']);
  });
});

describe('rules in the suggestion job', () => {
  it('a rule outranks the company’s own history, and a disabled one does nothing', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', ADOBE],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
    ]);
    const update = `accounting/accountant/client-company/${pk}/transactions/update/`;
    await cast.admin.patch(update, { transactions: rows.slice(0, 3).map((r) => ({ pk: r.pk, lines: [{ amount: r.amount, category: meals.pk }], finished: true })) });
    const rule = (await cast.admin.post(createPath(pk), { scope: 'FIRM', match_text: 'adobe', category: software.pk })).json() as SuggestionRule;
    await t.runJobs();
    const open = (await list(cast.admin, pk)).find((r) => r.date === '2026-09-04')!;
    expect(open.suggestion).toMatchObject({ category: { pk: software.pk }, source: 'RULE', confidence: 1, why: 'Your firm’s rule: ADOBE → Software' });

    await cast.admin.patch(rulePath(rule.pk), { enabled: false });
    await t.runJobs();
    const again = (await list(cast.admin, pk)).find((r) => r.date === '2026-09-04')!;
    expect(again.suggestion).toMatchObject({ category: { pk: meals.pk }, source: 'HISTORY' });
  });

  it('auto-answers matching open transactions into Categorized, marked auto, with an audit entry; an accountant’s correction counts against the rule', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rule = (await cast.admin.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: software.pk, auto_answer: true })).json() as SuggestionRule;
    await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
    ]);
    await t.runJobs();
    const active = await list(cast.admin, pk);
    expect(active.map((r) => r.description)).toEqual(['SQ *BLUE BOTTLE COFFEE OAKLAND CA']);
    const [auto] = await list(cast.admin, pk, 'categorized-list');
    expect(auto).toMatchObject({ status: 'FINISHED_IN_HERD', auto_answered: true, answered_from_suggestion: false });
    expect(auto!.lines.map((l) => l.category?.pk)).toEqual([software.pk]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetPk, auto!.pk), eq(auditLog.action, 'transaction.auto_answer')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, details: { from: 'READY', to: 'FINISHED_IN_HERD', rule: rule.pk } });
    expect(((await cast.admin.get(rules(pk))).json() as SuggestionRule[])[0]).toMatchObject({ times_applied: 1, times_overridden: 0 });

    const corrected = await cast.admin.patch(`accounting/accountant/client-company/${pk}/transactions/update/`, {
      transactions: [{ pk: auto!.pk, lines: [{ amount: auto!.amount, category: meals.pk }] }],
    });
    expect(corrected.json()[0].auto_answered).toBe(false);
    expect(((await cast.admin.get(rules(pk))).json() as SuggestionRule[])[0]).toMatchObject({ times_applied: 1, times_overridden: 1 });
  });
});

describe('automatic publishing of a rule’s answers', () => {
  const auditOf = (pk: number, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetPk, pk), eq(auditLog.action, action)));

  it('with it off the rule’s answers wait in Categorized; a firm administrator turns it on and the next ones are published, with the rule named in the log', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const rule = (await cast.admin.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: software.pk, auto_answer: true })).json() as SuggestionRule;
    expect(rule.auto_publish).toBe(false);
    await importBankRows(cast.admin, pk, [['2026-09-01', ADOBE]]);
    await t.runJobs();
    const [waiting] = await list(cast.admin, pk, 'categorized-list');
    expect(waiting).toMatchObject({ status: 'FINISHED_IN_HERD', auto_answered: true });
    expect(await auditOf(waiting!.pk, 'transaction.publish')).toHaveLength(0);

    const on = await cast.admin.patch(rulePath(rule.pk), { auto_publish: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ auto_answer: true, auto_publish: true });
    // Turning it on publishes nothing already answered: those were answered under the old setting and wait for the accountant.
    await t.runJobs();
    expect((await list(cast.admin, pk, 'categorized-list')).map((r) => [r.pk, r.status])).toEqual([[waiting!.pk, 'FINISHED_IN_HERD']]);

    await importBankRows(cast.admin, pk, [['2026-09-05', ADOBE]]);
    await t.runJobs();
    const [stillWaiting, published] = await list(cast.admin, pk, 'categorized-list');
    expect(stillWaiting).toMatchObject({ pk: waiting!.pk, status: 'FINISHED_IN_HERD' });
    expect(published).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', auto_answered: true });
    expect(published!.lines.map((l) => l.category?.pk)).toEqual([software.pk]);
    expect(await auditOf(published!.pk, 'transaction.auto_publish')).toEqual([expect.objectContaining({ actorUserId: null, details: { rule: rule.pk } })]);
    expect(await auditOf(published!.pk, 'transaction.publish')).toEqual([
      expect.objectContaining({ actorUserId: null, details: expect.objectContaining({ from: 'FINISHED_IN_HERD', to: 'PUBLISHED_IN_PLATFORM' }) }),
    ]);
  });

  it('only a firm administrator turns it on, only with automatic answers on; turning automatic answers off turns it off', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const rule = (await cast.clientAdmin.post(createPath(pk), { scope: 'COMPANY', match_text: 'adobe', category: software.pk })).json() as SuggestionRule;

    const needsAnswers = await cast.admin.patch(rulePath(rule.pk), { auto_publish: true });
    expect(needsAnswers.statusCode).toBe(400);
    expect(needsAnswers.json()).toEqual({ auto_publish: ['Turn on automatic answers for this rule before publishing them automatically.'] });

    expect((await cast.clientAdmin.patch(rulePath(rule.pk), { auto_answer: true })).json()).toMatchObject({ auto_answer: true, auto_publish: false });
    expect((await cast.clientAdmin.patch(rulePath(rule.pk), { auto_publish: true })).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.patch(rulePath(rule.pk), { auto_publish: true })).statusCode).toBe(404);
    expect(((await cast.admin.get(rules(pk))).json() as SuggestionRule[])[0]!.auto_publish).toBe(false);

    // Both at once is fine for the administrator.
    const both = await cast.admin.patch(rulePath(rule.pk), { auto_answer: true, auto_publish: true });
    expect(both.json()).toMatchObject({ auto_answer: true, auto_publish: true });
    // Anyone who may change the rule may switch automatic answers off, and publishing goes with them.
    const off = await cast.clientAdmin.patch(rulePath(rule.pk), { auto_answer: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ auto_answer: false, auto_publish: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'suggestion_rule'), eq(auditLog.targetPk, rule.pk), eq(auditLog.action, 'rule.update')))
      .orderBy(desc(auditLog.pk))
      .limit(1);
    expect(entry!.details).toEqual({ auto_answer: false, auto_publish: false });

    // With it on, the rule's answers after a team member's switch-off of publishing are not published.
    await cast.admin.patch(rulePath(rule.pk), { auto_answer: true, auto_publish: true });
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { assigned_members: [memberPk] });
    expect((await cast.teamMember.patch(rulePath(rule.pk), { auto_publish: false })).json()).toMatchObject({ auto_answer: true, auto_publish: false });
    await importBankRows(cast.admin, pk, [['2026-09-01', ADOBE]]);
    await t.runJobs();
    expect(await list(cast.admin, pk, 'categorized-list')).toEqual([expect.objectContaining({ auto_answered: true, status: 'FINISHED_IN_HERD' })]);
  });
});
