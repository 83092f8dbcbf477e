import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationEventPage, AutomationReport, AutomationRow, Notification, SuggestionRule, Transaction } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { ADOBE, importBankRows, importCharges } from '../../../../test/bank-rows.js';
import { multipartFiles } from '../../../../test/multipart.js';
import { TEST_RECEIPTS, textLayerPdf } from '../../../../test/receipt-images.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 57);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const REPORT = 'accounting/accountant/automation-report/';
const events = (query: string) => `accounting/accountant/automation-report/events/?${query}`;
const report = async (who: TestClient) => (await who.get(REPORT)).json() as AutomationReport;
const rowOf = (r: AutomationReport, agent: AutomationRow['agent'], rulePk?: number) =>
  r.results.find((row) => row.agent === agent && (rulePk === undefined || row.rule?.pk === rulePk))!;
const categorized = async (who: TestClient, pk: number) =>
  ((await who.get(`accounting/accountant/client-company/${pk}/transactions/categorized-list/?page_size=100`)).json().results as Transaction[]).sort((a, b) =>
    a.date.localeCompare(b.date),
  );
const recategorize = (who: TestClient, side: 'accountant' | 'client', pk: number, row: Transaction, category: number) =>
  who.patch(side === 'accountant' ? `accounting/accountant/client-company/${pk}/transactions/update/` : `accounting/client/company/${pk}/transactions/update/`, {
    transactions: [{ pk: row.pk, lines: [{ amount: row.amount, category }], finished: true }],
  });

describe('the automation report', () => {
  it('counts a rule’s answers and their overrulings by accountant and client, pauses it past the firm’s share, says why, and lists the transactions behind it', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    // Pause past half of the answers, once there are three.
    expect((await cast.admin.patch('accounting/accountant/review-check-settings/', { rule_pause_percent: 50, rule_pause_after: 3 })).statusCode).toBe(200);
    const rule = (
      await cast.admin.post(`accounting/accountant/client-company/${pk}/rules/create/`, {
        scope: 'COMPANY',
        match_text: 'adobe',
        category: software.pk,
        auto_answer: true,
      })
    ).json() as SuggestionRule;
    await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', ADOBE],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
    ]);
    await t.runJobs();
    const answered = await categorized(cast.admin, pk);
    expect(answered.map((r) => r.auto_answered)).toEqual([true, true, true, true]);
    expect(rowOf(await report(cast.admin), 'RULE', rule.pk)).toMatchObject({
      name: '“adobe” → Software',
      rule: { pk: rule.pk, client_company: { pk }, enabled: true, paused_reason: null },
      all_time: { acted: 4, overruled: 0, rate: 0 },
      last_30_days: { acted: 4, overruled: 0, rate: 0 },
    });

    // The accountant, then the client, overrule it: two of four is the firm's share, not past it.
    expect((await recategorize(cast.admin, 'accountant', pk, answered[0]!, meals.pk)).statusCode).toBe(200);
    expect((await recategorize(cast.client, 'client', pk, answered[1]!, meals.pk)).statusCode).toBe(200);
    expect(rowOf(await report(cast.admin), 'RULE', rule.pk)).toMatchObject({ rule: { enabled: true }, last_90_days: { acted: 4, overruled: 2, rate: 0.5 } });

    // A third is past it: the rule is paused, the reason kept on it, and the firm told.
    expect((await recategorize(cast.admin, 'accountant', pk, answered[2]!, meals.pk)).statusCode).toBe(200);
    const reason = /^Paused on [A-Z][a-z]{2} \d{1,2}, \d{4}: overruled 3 of its 4 answers in 30 days \(75%\), more than the firm's 50%\.$/;
    const paused = rowOf(await report(cast.admin), 'RULE', rule.pk);
    expect(paused).toMatchObject({ rule: { enabled: false }, all_time: { acted: 4, overruled: 3, rate: 0.75 } });
    expect(paused.rule!.paused_reason).toMatch(reason);
    const listed = ((await cast.admin.get(`accounting/accountant/client-company/${pk}/rules/`)).json() as SuggestionRule[]).find((r) => r.pk === rule.pk)!;
    expect(listed).toMatchObject({ enabled: false, times_applied: 4, times_overridden: 3 });
    expect(listed.paused_reason).toMatch(reason);
    const bell = (await cast.admin.get('notifications/list/')).json().results as Notification[];
    expect(bell.find((n) => n.kind === 'RULE_PAUSED')).toMatchObject({ title: 'The rule “adobe” was paused', text: expect.stringMatching(reason) });

    // The transactions behind the row: the overrulings, newest first, each saying who.
    const overruled = (await cast.admin.get(events(`agent=RULE&rule=${rule.pk}&outcome=overruled`))).json() as AutomationEventPage;
    expect(overruled.count).toBe(3);
    expect(overruled.results.map((e) => [e.transaction.pk, e.by])).toEqual([
      [answered[2]!.pk, 'accountant'],
      [answered[1]!.pk, 'client'],
      [answered[0]!.pk, 'accountant'],
    ]);
    expect(overruled.results[0]!.transaction).toMatchObject({ client_company: { pk }, payee: answered[2]!.payee, amount: answered[2]!.amount, date: '2026-09-03' });
    const page = (await cast.admin.get(events(`agent=RULE&rule=${rule.pk}&days=30&page_size=5`))).json() as AutomationEventPage;
    expect(page.count).toBe(7);
    expect(page.next).toContain('page=2');

    // Turned back on by a person: no longer paused, and the old overrulings count towards no new pause.
    const resumed = await cast.admin.patch(`accounting/accountant/rules/${rule.pk}/`, { enabled: true });
    expect(resumed.json()).toMatchObject({ enabled: true, paused_reason: null });
    expect((await recategorize(cast.admin, 'accountant', pk, answered[3]!, meals.pk)).statusCode).toBe(200);
    expect(rowOf(await report(cast.admin), 'RULE', rule.pk).rule).toMatchObject({ enabled: true, paused_reason: null });

    // Staff only; another firm sees none of it.
    expect((await cast.client.get(REPORT)).statusCode).toBe(403);
    expect((await cast.client.get(events('agent=RULE'))).statusCode).toBe(403);
    expect(rowOf(await report(cast.otherFirmAdmin), 'RULE')).toBeUndefined();
    expect(((await cast.otherFirmAdmin.get(events(`agent=RULE&rule=${rule.pk}`))).json() as AutomationEventPage).count).toBe(0);
    expect((await cast.admin.get(events('agent=NOPE'))).json()).toEqual({ agent: ['Agent is not valid.'] });
  });

  it('counts a learned suggestion followed and one overruled; a firm that never pauses keeps its rules running', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', ADOBE],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
      ['2026-09-05', ADOBE],
    ]);
    const update = `accounting/accountant/client-company/${pk}/transactions/update/`;
    await cast.admin.patch(update, { transactions: rows.slice(0, 3).map((r) => ({ pk: r.pk, lines: [{ amount: r.amount, category: meals.pk }], finished: true })) });
    await t.runJobs();
    // The fourth takes the suggestion (Meals, from the company's own answers); the client answers the fifth otherwise.
    await cast.admin.patch(update, {
      transactions: [{ pk: rows[3]!.pk, lines: [{ amount: rows[3]!.amount, category: meals.pk }], finished: true, accepted_suggestion: true }],
    });
    expect((await recategorize(cast.client, 'client', pk, rows[4]! as unknown as Transaction, software.pk)).statusCode).toBe(200);
    const history = rowOf(await report(cast.admin), 'HISTORY');
    expect(history).toMatchObject({ rule: null, name: 'Suggestions learned from the company’s own answers', all_time: { acted: 2, overruled: 1, rate: 0.5 } });
    const behind = (await cast.admin.get(events('agent=HISTORY&outcome=overruled'))).json() as AutomationEventPage;
    expect(behind.results.map((e) => [e.transaction.pk, e.by])).toEqual([[rows[4]!.pk, 'client']]);
    // The receipt matcher and the firm's other clients did nothing here: their rows are there, empty.
    expect(rowOf(await report(cast.admin), 'RECEIPT_MATCHER')).toMatchObject({ all_time: { acted: 0, overruled: 0, rate: null } });

    // "Never": a rule overruled every time runs on.
    expect((await cast.admin.patch('accounting/accountant/review-check-settings/', { rule_pause_percent: null, rule_pause_after: 3 })).statusCode).toBe(200);
    expect((await report(cast.admin)).pause).toEqual({ percent: null, after: 3 });
    const rule = (
      await cast.admin.post(`accounting/accountant/client-company/${pk}/rules/create/`, {
        scope: 'COMPANY',
        match_text: 'blue bottle',
        category: software.pk,
        auto_answer: true,
      })
    ).json() as SuggestionRule;
    await importBankRows(cast.admin, pk, [
      ['2026-09-06', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
      ['2026-09-07', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
      ['2026-09-08', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
    ]);
    await t.runJobs();
    for (const row of (await categorized(cast.admin, pk)).filter((r) => r.auto_answered)) await recategorize(cast.admin, 'accountant', pk, row, meals.pk);
    expect(rowOf(await report(cast.admin), 'RULE', rule.pk)).toMatchObject({ rule: { enabled: true, paused_reason: null }, all_time: { acted: 3, overruled: 3 } });
  });

  it('counts a receipt Herd matched by itself, and a person taking its file off as overruling the matcher', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa']);
    await t.runJobs();
    // Green Valley Market, 2026-03-14, $29.67, read from its text layer: one sure charge, matched by Herd.
    const { body, headers } = multipartFiles({ client_company: String(pk) }, [{ name: 'grocery.pdf', bytes: await textLayerPdf(TEST_RECEIPTS.grocery) }]);
    expect((await cast.client.request('POST', 'accounting/receipt/create/', { body, headers })).statusCode).toBe(201);
    await t.runJobs();
    expect(rowOf(await report(cast.admin), 'RECEIPT_MATCHER').all_time).toEqual({ acted: 1, overruled: 0, rate: 0 });

    const [charge] = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/?page_size=10`)).json().results as Transaction[];
    expect(charge!.attachments).toHaveLength(1);
    expect((await cast.admin.delete(`accounting/transaction/${charge!.pk}/attachments/${charge!.attachments[0]!.pk}/`)).statusCode).toBe(204);
    expect(rowOf(await report(cast.admin), 'RECEIPT_MATCHER').all_time).toEqual({ acted: 1, overruled: 1, rate: 1 });
    const behind = (await cast.admin.get(events('agent=RECEIPT_MATCHER&days=all'))).json() as AutomationEventPage;
    expect(behind.results.map((e) => [e.outcome, e.by, e.transaction.pk])).toEqual([
      ['OVERRULED', 'accountant', charge!.pk],
      ['ACTED', null, charge!.pk],
    ]);
  });
});
