import { clientReceiptRule, DEFAULT_ASK_RULES, type AskRules } from '@herd/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, transactions } from '../../../db/schema/index.js';
import { firmPayeeKeys } from './ask-rules.rule.js';

/** The company's ask rules, and the ledger's closing date they judge a closed period by. */
export const askRulesOf = async (db: Db, companyPk: number): Promise<{ rules: AskRules; closedThrough: string | null }> => {
  const [row] = await db
    .select({ rules: clientCompanies.askRules, closedThrough: clientCompanies.booksClosedThrough })
    .from(clientCompanies)
    .where(eq(clientCompanies.pk, companyPk));
  return { rules: row?.rules ?? DEFAULT_ASK_RULES, closedThrough: row?.closedThrough ?? null };
};

/**
 * The company's waiting transactions (READY) under new rules, in the caller's transaction: those the old rules kept
 * are given back to the client, then those the new ones keep are hidden with their reason. A transaction the
 * accountant hid by hand is left alone either way, and an answered one is no longer the rules' to move.
 */
export const applyAskRules = async (tx: Db, companyPk: number, rules: AskRules, closedThrough: string | null) => {
  const waiting = and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'READY'));
  await tx
    .update(transactions)
    .set({ isHidden: false, keptBy: null })
    .where(and(waiting, isNotNull(transactions.keptBy)));
  const keys = [...firmPayeeKeys(rules)];
  const byPayee = keys.length > 0 ? sql`${transactions.merchantKey} = any(${sql.param(keys)}::text[])` : sql`false`;
  const byAmount = rules.ask_from !== null ? sql`${transactions.amount} < ${rules.ask_from}::numeric` : sql`false`;
  const byClosed = rules.closed_period === 'KEEP' && closedThrough !== null ? sql`${transactions.date} <= ${closedThrough}::date` : sql`false`;
  const kept = await tx
    .update(transactions)
    .set({ isHidden: true, keptBy: sql`case when ${byPayee} then 'PAYEE' when ${byAmount} then 'AMOUNT' else 'CLOSED_PERIOD' end` })
    .where(and(waiting, eq(transactions.isHidden, false), sql`(${byPayee} or ${byAmount} or ${byClosed})`))
    .returning({ pk: transactions.pk });
  return kept.length;
};

/** The amount above which the company's clients must attach a receipt to finish; null when none must, or when they may not attach one. */
export const receiptRuleOf = async (db: Db, companyPk: number): Promise<string | null> => {
  const [row] = await db
    .select({ rules: clientCompanies.askRules, editable: clientCompanies.clientEditableFields })
    .from(clientCompanies)
    .where(eq(clientCompanies.pk, companyPk));
  return row ? clientReceiptRule(row.rules, row.editable) : null;
};
