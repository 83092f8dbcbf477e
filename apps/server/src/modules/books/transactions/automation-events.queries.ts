import { and, eq, sql } from 'drizzle-orm';
import type { AutomationAgent } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { automationEvents, receiptMatches, receipts } from '../../../db/schema/index.js';

/** One act of Herd's automation, or one overruling of it, on one transaction. */
export interface AutomationEventInput {
  firmId: number;
  companyPk: number;
  transactionPk: number;
  agent: AutomationAgent;
  ruleId?: number | null;
  /** Who overruled it; omitted for an act. */
  overruledBy?: 'accountant' | 'client';
}

/**
 * Writes what the automation did and how people took it (the automation report's record), in the
 * caller's database transaction, with the act or the change it records.
 */
export const recordAutomation = async (db: Db, events: AutomationEventInput[]) => {
  if (events.length === 0) return;
  await db.insert(automationEvents).values(
    events.map((e) => ({
      firmId: e.firmId,
      clientCompanyId: e.companyPk,
      transactionId: e.transactionPk,
      agent: e.agent,
      ruleId: e.ruleId ?? null,
      outcome: e.overruledBy ? ('OVERRULED' as const) : ('ACTED' as const),
      bySide: e.overruledBy ?? null,
    })),
  );
};

/**
 * A person undid a match Herd made by itself (the receipt matcher's act): took the receipt's file off the
 * transaction, or moved the receipt to another company. Recorded as the matcher overruled, for the automation
 * report; a file a person attached, or a match a person made, is nobody's automation. Read while the receipt
 * still holds the match.
 */
export const recordMatcherOverruled = async (db: Db, e: { firmId: number; companyPk: number; transactionPk: number; fileId: number; by: 'accountant' | 'client' }) => {
  const [automatic] = await db
    .select({ pk: receipts.pk })
    .from(receipts)
    .innerJoin(receiptMatches, and(eq(receiptMatches.receiptId, receipts.pk), eq(receiptMatches.transactionId, e.transactionPk), eq(receiptMatches.state, 'ACCEPTED')))
    .where(
      and(
        eq(receipts.firmId, e.firmId),
        eq(receipts.transactionId, e.transactionPk),
        eq(receipts.fileId, e.fileId),
        sql`(${receiptMatches.decision} ->> 'automatic')::boolean`,
      ),
    );
  if (automatic) await recordAutomation(db, [{ firmId: e.firmId, companyPk: e.companyPk, transactionPk: e.transactionPk, agent: 'RECEIPT_MATCHER', overruledBy: e.by }]);
};
