import type { Db } from '../../../db/client.js';
import {
  companyAccounts,
  companyFirm,
  firmAnswers,
  merchantOfTransaction,
  openTransactions,
  ownAnswers,
  replaceSuggestions,
  rowsWithoutMerchant,
  setMerchantKeys,
  suggestionFor,
  type Suggestion,
} from '../suggestions/suggestions.face.js';
import { autoAnswer, type AutoAnswer } from './auto-answer.service.js';
import { ruleFor } from './rule-match.service.js';
import { rulesForCompany } from './rules.queries.js';

/** Rows whose merchant is read per statement when filling keys. */
const FILL_BATCH = 5000;

/** Reads the merchant of every row of the company that has none yet ('' when its text names nobody). */
export const fillMerchantKeys = async (db: Db, companyPk: number) => {
  for (;;) {
    const rows = await rowsWithoutMerchant(db, companyPk, FILL_BATCH);
    if (rows.length === 0) return;
    await setMerchantKeys(
      db,
      companyPk,
      rows.map((r) => ({ pk: r.pk, key: merchantOfTransaction(r)?.key ?? '' })),
    );
  }
};

/**
 * The job: computes and stores the suggestion of each open transaction of the company (of some
 * merchants, or all). Reads the answers as they are when it runs and replaces what was stored, so
 * running it twice, or after a newer one, leaves the same result. Rules set to answer by themselves
 * answer their transactions; those whose rule also publishes by itself are answered in `toPublish`,
 * for the caller to send to the ledger (the job does, `jobs/handlers.ts`).
 */
export const refreshSuggestions = async (db: Db, companyPk: number, merchantKeys: string[] | null, now = new Date()) => {
  const firmId = await companyFirm(db, companyPk);
  if (firmId === null) return { suggested: 0, open: 0, autoAnswered: 0, toPublish: [] };
  await fillMerchantKeys(db, companyPk);
  const open = await openTransactions(db, companyPk, merchantKeys);
  const keys = [...new Set(open.map((t) => t.merchantKey!))];
  const [own, firm, accountList, rules] = await Promise.all([
    ownAnswers(db, companyPk, keys),
    firmAnswers(db, firmId, companyPk, keys),
    companyAccounts(db, companyPk),
    rulesForCompany(db, firmId, companyPk, true),
  ]);
  const accounts = { byPk: new Map(accountList.map((a) => [a.pk, a])), all: accountList };

  const group = <T extends { merchantKey: string; deposit: boolean }>(rows: T[]) => {
    const by = new Map<string, T[]>();
    for (const r of rows) by.set(`${r.deposit}|${r.merchantKey}`, [...(by.get(`${r.deposit}|${r.merchantKey}`) ?? []), r]);
    return by;
  };
  const ownBy = group(own);
  const firmBy = group(firm);
  const decided = new Map<string, Suggestion | null>();
  const suggestions: { transactionId: number; suggestion: Suggestion & { ruleId?: number } }[] = [];
  const answers: AutoAnswer[] = [];
  const publishing = new Set<number>();
  for (const t of open) {
    // The accountant's rules outrank anything learned from answers.
    const byRule = ruleFor(
      t,
      rules.map((r) => r.rule),
      accountList,
    );
    if (byRule?.autoAnswer) {
      answers.push({ pk: t.pk, amount: t.amount, categoryId: byRule.categoryId, vendorId: byRule.vendorId, ruleId: byRule.ruleId });
      if (byRule.autoPublish) publishing.add(t.pk);
    } else if (byRule) {
      const { autoAnswer: _auto, autoPublish: _publish, ...suggestion } = byRule;
      suggestions.push({ transactionId: t.pk, suggestion });
    }
    if (byRule) continue;
    const slot = `${t.deposit}|${t.merchantKey}`;
    if (!decided.has(slot)) {
      const name = merchantOfTransaction(t)?.name ?? t.merchantKey!;
      decided.set(slot, suggestionFor(ownBy.get(slot) ?? [], firmBy.get(slot) ?? [], accounts, name, now));
    }
    const suggestion = decided.get(slot);
    if (suggestion) suggestions.push({ transactionId: t.pk, suggestion });
  }
  await replaceSuggestions(db, companyPk, merchantKeys, suggestions);
  const answered = await autoAnswer(db, firmId, companyPk, answers);
  const toPublish = answers.filter((a) => publishing.has(a.pk) && answered.includes(a.pk));
  return { suggested: suggestions.length, open: open.length, autoAnswered: answered.length, toPublish };
};
