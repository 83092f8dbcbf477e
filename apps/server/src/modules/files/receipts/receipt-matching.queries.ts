import { notifyReceiptsMatched } from '../../messaging/notifications/notifications.face.js';
import { and, between, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { receiptMatches, receipts, transactionAttachments, transactions } from '../../../db/schema/index.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import { matchAuditEntries } from './match-history.rule.js';
import { attachesInLedger, recordAutomation } from '../../books/transactions/transactions.face.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';
import { candidateWindow } from './matching/candidates.rule.js';
import { decideMatch, type Candidate, type MatchDecision } from './matching/decide.rule.js';
import { scoreCandidate, type CandidateTransaction, type ReceiptToMatch } from './matching/score.rule.js';
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

/**
 * The company's charges are in one currency in practice: the newest charge's, else US dollars.
 * Asked as the newest shown and the newest hidden charge, each read from the end of the
 * `(client_company_id, is_hidden, date…)` index: a plain "newest of the company" could use no
 * index (is_hidden sits between) and sorted all 100,000 charges of a large company, 10 to 700 ms
 * each time (EXPLAIN ANALYZE, bench company).
 */
export const homeCurrency = async (db: Db, companyPk: number) => {
  const newest = (hidden: boolean) =>
    db
      .select({ currency: transactions.currency, date: transactions.date })
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.isHidden, hidden)))
      .orderBy(desc(transactions.isHidden), desc(transactions.date))
      .limit(1);
  const [[shown], [hidden]] = await Promise.all([newest(false), newest(true)]);
  const row = shown && hidden ? (hidden.date > shown.date ? hidden : shown) : (shown ?? hidden);
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
  /** The company's currency, when the caller has read it already. */
  homeCurrency?: string;
}

export const scoredCandidates = async (
  db: Db,
  row: ReceiptRow,
  receipt: ReceiptToMatch,
  options: CandidateOptions = {},
): Promise<{ candidates: Candidate[]; rejected: number[] }> => {
  const companyPk = row.clientCompanyId!;
  const window = candidateWindow(receipt, options.homeCurrency ?? (await homeCurrency(db, companyPk)));
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

/**
 * The company's charges that could be a receipt's between these dates (expenses and bills not
 * cancelled, shown or hidden), for the company's run to hold in a `CandidateIndex`: one read of
 * the span its receipts' windows cover. Reading each receipt's window from the
 * `(client_company_id, amount, date)` index instead walked every charge of a similar amount over
 * the whole span, thousands of index entries per receipt (BENCHMARKS.md, "Receipt matching on
 * PostgreSQL"). About 300 bytes a charge in memory: 100,000 charges are some 30 MB.
 */
export const chargesBetween = async (db: Db, companyPk: number, dateFrom: string, dateTo: string): Promise<CandidateTransaction[]> =>
  db
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
        between(transactions.date, dateFrom, dateTo),
        inArray(transactions.type, ['EXPENSE', 'BILL']),
        ne(transactions.status, 'CANCELLED'),
      ),
    );

/** The refused charges of each of these receipts, in one query. */
export const rejectedPksOf = async (db: Db, receiptPks: number[]): Promise<Map<number, number[]>> => {
  const byReceipt = new Map<number, number[]>();
  if (receiptPks.length === 0) return byReceipt;
  const rows = await db
    .select({ receipt: receiptMatches.receiptId, pk: receiptMatches.transactionId })
    .from(receiptMatches)
    .where(and(inArray(receiptMatches.receiptId, receiptPks), eq(receiptMatches.state, 'REJECTED')));
  for (const r of rows) byReceipt.set(r.receipt, [...(byReceipt.get(r.receipt) ?? []), r.pk]);
  return byReceipt;
};

/** Charges receipts of the company are matched to. */
export const heldCharges = async (db: Db, companyPk: number) => new Set(await takenPks(db, companyPk, 0));

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

/**
 * `writeSuggestions` for many receipts: their open suggestions replaced in two statements, the
 * new rows sent as one JSON document (a company's run writes thousands at a time; as separate
 * bound values, building the statement cost more than running it).
 */
export const writeSuggestionsMany = async (db: Db, byReceipt: { receiptPk: number; suggestions: Candidate[] }[]) => {
  if (byReceipt.length === 0) return;
  await db.delete(receiptMatches).where(
    and(
      inArray(
        receiptMatches.receiptId,
        byReceipt.map((r) => r.receiptPk),
      ),
      eq(receiptMatches.state, 'SUGGESTED'),
    ),
  );
  const rows = byReceipt.flatMap(({ receiptPk, suggestions }) => suggestions.map((c) => ({ receipt: receiptPk, txn: c.pk, score: c.score, parts: c.parts })));
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${receiptMatches} (receipt_id, transaction_id, score, parts, state)
    select s.receipt, s.txn, s.score, s.parts, 'SUGGESTED'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(receipt int, txn int, score real, parts jsonb)
    on conflict do nothing`);
};

export interface MatchWrite {
  row: ReceiptRow;
  transactionPk: number;
  /** The score, when the pairing was scored (a charge a person picked may not have been). */
  scored: Candidate | null;
  /** Null for the job's automatic match. */
  actorUserId: number | null;
  automatic: boolean;
  /** The other charges scored when the match was made, best first: kept with it as the ones that lost. */
  passedOver: Candidate[];
}

/** A file a match attached to a transaction the ledger already holds: to queue for `ledger-attach` once the match is committed. */
export interface LedgerAttachment {
  transactionPk: number;
  fileId: number;
}

/**
 * Matches receipts to charges: each pairing ACCEPTED, the receipt's file
 * attached to the transaction as any attachment is (so publishing to the
 * ledger uploads it), and the receipt done, `MATCHED_TO_PLATFORM`, with its
 * other suggestions cleared; a fixed number of statements however many
 * (the company's run writes a batch at once). Run inside the caller's
 * database transaction. Answers the attachments whose charge is in the
 * ledger already (published, or being published): no publish will carry
 * them, so the caller queues them once committed.
 */
export const writeMatches = async (tx: Db, writes: MatchWrite[]): Promise<LedgerAttachment[]> => {
  if (writes.length === 0) return [];
  const now = new Date();
  await tx
    .insert(receiptMatches)
    .values(
      writes.map(({ row, transactionPk, scored, automatic, passedOver }) => ({
        receiptId: row.pk,
        transactionId: transactionPk,
        score: scored?.score ?? 1,
        parts: scored?.parts ?? [],
        state: 'ACCEPTED' as const,
        decision: { automatic, passedOver: passedOver.filter((c) => c.pk !== transactionPk).map((c) => ({ transaction: c.pk, score: c.score, parts: c.parts })) },
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [receiptMatches.receiptId, receiptMatches.transactionId],
      set: { score: sql`excluded.score`, parts: sql`excluded.parts`, state: sql`excluded.state`, decision: sql`excluded.decision`, updatedAt: sql`excluded.updated_at` },
    });
  await tx.delete(receiptMatches).where(
    and(
      inArray(
        receiptMatches.receiptId,
        writes.map((w) => w.row.pk),
      ),
      eq(receiptMatches.state, 'SUGGESTED'),
    ),
  );
  await tx
    .insert(transactionAttachments)
    .values(writes.map(({ row, transactionPk, actorUserId }) => ({ transactionId: transactionPk, fileId: row.fileId, createdBy: actorUserId ?? row.uploadedBy })))
    .onConflictDoNothing();
  const pairs = JSON.stringify(writes.map((w) => ({ pk: w.row.pk, firm: w.row.firmId, tx: w.transactionPk })));
  await tx.execute(sql`
    update ${receipts} set transaction_id = m.tx, status = 'MATCHED_TO_PLATFORM', updated_at = now()
    from jsonb_to_recordset(${pairs}::jsonb) as m(pk int, firm int, tx int)
    where ${receipts.pk} = m.pk and ${receipts.firmId} = m.firm`);
  await writeAuditMany(tx, matchAuditEntries(writes.map((w) => ({ ...w, score: w.scored?.score ?? null }))));
  // Herd's own matches are the receipt matcher's acts (the automation report).
  await recordAutomation(
    tx,
    writes
      .filter((w) => w.automatic && w.row.clientCompanyId !== null)
      .map((w) => ({ firmId: w.row.firmId, companyPk: w.row.clientCompanyId!, transactionPk: w.transactionPk, agent: 'RECEIPT_MATCHER' as const })),
  );
  await notifyMatches(tx, writes);
  const charges = await tx
    .select({ pk: transactions.pk, status: transactions.status })
    .from(transactions)
    .where(
      inArray(
        transactions.pk,
        writes.map((w) => w.transactionPk),
      ),
    );
  const inLedger = new Set(charges.filter((c) => attachesInLedger(c.status)).map((c) => c.pk));
  return writes.filter((w) => inLedger.has(w.transactionPk)).map((w) => ({ transactionPk: w.transactionPk, fileId: w.row.fileId }));
};

/** One notification per company and person matching (the company's automatic run is one batch). */
const notifyMatches = async (tx: Db, writes: MatchWrite[]) => {
  const batches = new Map<string, MatchWrite[]>();
  for (const w of writes) {
    if (w.row.clientCompanyId === null) continue;
    const key = `${w.row.clientCompanyId}:${w.actorUserId}`;
    batches.set(key, [...(batches.get(key) ?? []), w]);
  }
  for (const batch of batches.values()) {
    const { row, actorUserId } = batch[0]!;
    await notifyReceiptsMatched(tx, {
      firmId: row.firmId,
      companyPk: row.clientCompanyId!,
      receipts: batch.map((w) => ({ pk: w.row.pk, vendor: w.row.vendor })),
      by: actorUserId,
    });
  }
};

/** One receipt to one charge (a person's match): `writeMatches` of one. */
export const writeMatch = async (tx: Db, write: MatchWrite): Promise<LedgerAttachment | null> => (await writeMatches(tx, [write]))[0] ?? null;
