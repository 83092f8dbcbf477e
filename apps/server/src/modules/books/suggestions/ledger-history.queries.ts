import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerHistory } from '../../../db/schema/index.js';

/** One categorized line of a ledger transaction that Herd does not hold, as the suggestion job counts it. */
export interface LedgerHistoryLine {
  externalId: string;
  lineNumber: number;
  date: string;
  payee: string;
  description: string;
  merchantKey: string;
  deposit: boolean;
  /** The line's amount, as a size. */
  amount: string;
  categoryId: number;
  vendorId: number | null;
  customerId: number | null;
  classId: number | null;
}

/** Statements take at most this many rows, well under PostgreSQL's parameter limit. */
const CHUNK = 500;

/**
 * What the ledger now says about some of its transactions (every one a pull page read, deleted
 * ones included): their old history lines go and the new ones take their place, in the caller's
 * database transaction. Reading the same page twice leaves the same rows; a transaction that
 * gained an uncategorized line, was deleted, or is now held by Herd simply has no lines left.
 */
export const replaceLedgerHistory = async (tx: Db, owner: { firmId: number; companyPk: number }, externalIds: string[], lines: LedgerHistoryLine[]) => {
  for (let i = 0; i < externalIds.length; i += CHUNK) {
    await tx.delete(ledgerHistory).where(and(eq(ledgerHistory.clientCompanyId, owner.companyPk), inArray(ledgerHistory.externalId, externalIds.slice(i, i + CHUNK))));
  }
  const pulledAt = new Date();
  for (let i = 0; i < lines.length; i += CHUNK) {
    await tx.insert(ledgerHistory).values(lines.slice(i, i + CHUNK).map((line) => ({ ...line, firmId: owner.firmId, clientCompanyId: owner.companyPk, pulledAt })));
  }
};
