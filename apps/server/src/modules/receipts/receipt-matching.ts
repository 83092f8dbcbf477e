import { and, between, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { receiptMatches, receipts, transactionAttachments, transactions } from '../../db/schema/index.js';
import { writeAudit } from '../audit/audit.queries.js';
import { attachesInLedger } from '../transactions/ledger-attach-job.js';
import { restrictionWhere, type AccountRestrictions } from '../restrictions/account-scope.js';
import { candidateWindow } from './matching/candidates.js';
import { decideMatch, type Candidate, type MatchDecision } from './matching/decide.js';
import { scoreCandidate, type ReceiptToMatch } from './matching/score.js';
import type { ReceiptRow } from './receipts.queries.js';

/**
 * The matching library (`matching/`) over the database: which charges of the
 * receipt's company can score (the candidate window, read by the
 * `(client_company_id, amount, date)` index), their scores, and what matching
 * a receipt to a charge writes. Used by the `receipt-match` job and by the
 * person's "find more" and "match" actions.
 */

/** A receipt can be matched once it has a date and a total (read or typed), a company, and no match yet. */
export const matchable = (row: ReceiptRow): ReceiptToMatch | null =>
  row.clientCompanyId !== null && row.receiptDate !== null && row.total !== null && row.transactionId === null
    ? { vendor: row.vendor ?? '', date: row.receiptDate, total: row.total, currency: row.currency }
    : null;

/** The company's charges are in one currency in practice: the newest charge's, else US dollars. */
const homeCurrency = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select({ currency: transactions.currency })
    .from(transactions)
    .where(eq(transactions.clientCompanyId, companyPk))
    .orderBy(desc(transactions.date))
    .limit(1);
  return row?.currency ?? 'USD';
};

/** The transactions this receipt was refused for. */
export const rejectedPks = async (db: Db, receiptPk: number) =>
  (
    await db
      .select({ pk: receiptMatches.transactionId })
      .from(receiptMatches)
      .where(and(eq(receiptMatches.receiptId, receiptPk), eq(receiptMatches.state, 'REJECTED')))
  ).map((r) => r.pk);

/** Charges another receipt of the company is already matched to: one receipt explains one charge. */
const takenPks = async (db: Db, companyPk: number, receiptPk: number) =>
  (
    await db
      .select({ pk: receipts.transactionId })
      .from(receipts)
      .where(and(eq(receipts.clientCompanyId, companyPk), isNotNull(receipts.transactionId), ne(receipts.pk, receiptPk)))
  ).map((r) => r.pk!);

/**
 * Every charge of the receipt's company inside the candidate window, scored,
 * leaving out the refused ones and those another receipt holds. `visibleTo`
 * narrows them further (a restricted client's accounts), when given.
 */
export interface CandidateOptions {
  /** A restricted client user's accounts: only their charges are offered to them. */
  restrictions?: AccountRestrictions;
  /** At most this many charges are read (a request's bound; the job reads the whole window). */
  limit?: number;
}

export const scoredCandidates = async (
  db: Db,
  row: ReceiptRow,
  receipt: ReceiptToMatch,
  options: CandidateOptions = {},
): Promise<{ candidates: Candidate[]; rejected: number[] }> => {
  const companyPk = row.clientCompanyId!;
  const window = candidateWindow(receipt, await homeCurrency(db, companyPk));
  const rejected = await rejectedPks(db, row.pk);
  const excluded = [...rejected, ...(await takenPks(db, companyPk, row.pk))];
  const rows = await db
    .select({
      pk: transactions.pk,
      date: transactions.date,
      amount: transactions.amount,
      currency: transactions.currency,
      payee: transactions.payee,
      description: transactions.description,
      merchantKey: transactions.merchantKey,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        window.amountMinCents === null ? undefined : between(transactions.amount, (window.amountMinCents / 100).toFixed(2), (window.amountMaxCents! / 100).toFixed(2)),
        between(transactions.date, window.dateFrom, window.dateTo),
        inArray(transactions.type, ['EXPENSE', 'BILL']),
        ne(transactions.status, 'CANCELLED'),
        excluded.length > 0 ? notInArray(transactions.pk, excluded) : undefined,
        options.restrictions
          ? restrictionWhere(options.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId })
          : undefined,
      ),
    )
    .limit(options.limit ?? Number.MAX_SAFE_INTEGER);
  return { candidates: rows.map((txn) => ({ pk: txn.pk, ...scoreCandidate(receipt, txn) })), rejected };
};

export const decideFor = async (
  db: Db,
  row: ReceiptRow,
  receipt: ReceiptToMatch,
  options: CandidateOptions = {},
): Promise<{ decision: MatchDecision; byPk: Map<number, Candidate> }> => {
  const { candidates, rejected } = await scoredCandidates(db, row, receipt, options);
  return { decision: decideMatch(candidates, rejected), byPk: new Map(candidates.map((c) => [c.pk, c])) };
};

/**
 * Replaces the receipt's open suggestions with these (rejected and accepted
 * pairings stay as they are: a rejected one is never offered again).
 */
export const writeSuggestions = async (db: Db, receiptPk: number, suggestions: Candidate[]) => {
  await db.delete(receiptMatches).where(and(eq(receiptMatches.receiptId, receiptPk), eq(receiptMatches.state, 'SUGGESTED')));
  if (suggestions.length === 0) return;
  await db
    .insert(receiptMatches)
    .values(suggestions.map((c) => ({ receiptId: receiptPk, transactionId: c.pk, score: c.score, parts: c.parts, state: 'SUGGESTED' as const })))
    .onConflictDoNothing();
};

export interface MatchWrite {
  row: ReceiptRow;
  transactionPk: number;
  /** The score, when the pairing was scored (a charge a person picked may not have been). */
  scored: Candidate | null;
  /** Null for the job's automatic match. */
  actorUserId: number | null;
  automatic: boolean;
}

/** A file a match attached to a transaction the ledger already holds: to queue for `ledger-attach` once the match is committed. */
export interface LedgerAttachment {
  transactionPk: number;
  fileId: number;
}

/**
 * Matches a receipt to a charge: the pairing ACCEPTED, the receipt's file
 * attached to the transaction as any attachment is (so publishing to the
 * ledger uploads it), and the receipt done, `MATCHED_TO_PLATFORM`, with its
 * other suggestions cleared. Run inside the caller's database transaction.
 * Answers the attachment when the charge is in the ledger already (published,
 * or being published): no publish will carry it, so the caller queues it.
 */
export const writeMatch = async (tx: Db, { row, transactionPk, scored, actorUserId, automatic }: MatchWrite): Promise<LedgerAttachment | null> => {
  const values = { score: scored?.score ?? 1, parts: scored?.parts ?? [], state: 'ACCEPTED' as const, updatedAt: new Date() };
  await tx
    .insert(receiptMatches)
    .values({ receiptId: row.pk, transactionId: transactionPk, ...values })
    .onConflictDoUpdate({ target: [receiptMatches.receiptId, receiptMatches.transactionId], set: values });
  await tx.delete(receiptMatches).where(and(eq(receiptMatches.receiptId, row.pk), eq(receiptMatches.state, 'SUGGESTED')));
  await tx
    .insert(transactionAttachments)
    .values({ transactionId: transactionPk, fileId: row.fileId, createdBy: actorUserId ?? row.uploadedBy })
    .onConflictDoNothing();
  await tx
    .update(receipts)
    .set({ transactionId: transactionPk, status: 'MATCHED_TO_PLATFORM', updatedAt: sql`now()` })
    .where(and(eq(receipts.pk, row.pk), eq(receipts.firmId, row.firmId)));
  await writeAudit(tx, {
    firmId: row.firmId,
    actorUserId,
    action: 'receipt.match',
    targetType: 'receipt',
    targetPk: row.pk,
    details: { transaction: transactionPk, automatic, score: scored?.score ?? null },
  });
  const [charge] = await tx.select({ status: transactions.status }).from(transactions).where(eq(transactions.pk, transactionPk));
  return charge && attachesInLedger(charge.status) ? { transactionPk, fileId: row.fileId } : null;
};
