import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { ReceiptSuggestion } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { receiptMatches, receipts, transactions } from '../../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { toReceipt } from './receipt.view.js';
import type { ScorePart } from './matching/score.rule.js';
import { queueLedgerAttach } from '../../books/transactions/transactions.face.js';
import { decideFor, matchable, writeMatch, writeSuggestions, type LedgerAttachment } from './receipt-matching.queries.js';
import { receiptAccess } from './receipt-scope.service.js';
import { findFullReceipts, type ReceiptRow } from './receipts.queries.js';

/** "Find more" scores at most this many charges on the request (the job reads the whole window). */
const FIND_MORE_LIMIT = 500;

/**
 * A receipt the person may match, with the company access it was reached
 * through: one of a company (an inbox receipt is given to a company first),
 * and a client only when they may add attachments (matching attaches the file).
 */
const matchingAccess = async (db: Db, actor: Actor, receiptPk: number): Promise<{ row: ReceiptRow; access: CompanyAccess }> => {
  const { scope, receipt } = await receiptAccess(db, actor, receiptPk);
  if (scope.access === null) throw ValidationError.field('receipt', 'Give the receipt to a client company before matching it.');
  const access = scope.access;
  if (access.side === 'client' && access.editable !== 'all' && !access.editable.includes('attachments')) {
    throw ValidationError.detail('This client may not add attachments, so may not match receipts.');
  }
  return { row: receipt, access };
};

/** The charge must be the receipt's company's, visible to the person (else 404), not cancelled and not another receipt's. */
const checkCharge = async (db: Db, access: CompanyAccess, row: ReceiptRow, transactionPk: number) => {
  const [txn] = await findScoped(db, access, [transactionPk]);
  if (txn!.status === 'CANCELLED') throw ValidationError.field('transaction', 'This transaction was cancelled.');
  const [holder] = await db
    .select({ pk: receipts.pk })
    .from(receipts)
    .where(and(eq(receipts.firmId, row.firmId), eq(receipts.transactionId, transactionPk), ne(receipts.pk, row.pk)));
  if (holder) throw ValidationError.field('transaction', 'Another receipt is already matched to this transaction.');
};

const serializeReceipts = async (db: Db, firmId: number, pks: number[]) => {
  const full = await findFullReceipts(db, firmId, pks);
  return pks.map((pk) => toReceipt(full.find((f) => f.receipt.pk === pk)!));
};

/** Matches one receipt inside the caller's transaction; the score is kept when the pairing was scored. */
const matchInside = async (tx: Db, actor: Actor, row: ReceiptRow, transactionPk: number): Promise<LedgerAttachment | null> => {
  if (row.transactionId !== null) {
    if (row.transactionId === transactionPk) return null;
    throw ValidationError.field('receipt', 'This receipt is already matched to another transaction.');
  }
  // The receipt's pairings as they stand: this one's score, and the other charges offered, which the person passed over.
  const pairings = await tx
    .select()
    .from(receiptMatches)
    .where(eq(receiptMatches.receiptId, row.pk))
    .orderBy(desc(receiptMatches.score), asc(receiptMatches.transactionId));
  const asCandidate = (p: (typeof pairings)[number]) => ({ pk: p.transactionId, score: p.score, parts: p.parts as ScorePart[] });
  const pairing = pairings.find((p) => p.transactionId === transactionPk);
  const passedOver = pairings.filter((p) => p.state === 'SUGGESTED' && p.transactionId !== transactionPk).map(asCandidate);
  return writeMatch(tx, { row, transactionPk, scored: pairing ? asCandidate(pairing) : null, actorUserId: actor.userId, automatic: false, passedOver });
};

type MatchDeps = Pick<AppDeps, 'db' | 'jobs'>;

/** Files the matches attached to charges already in the ledger go there now, once the matches are committed. */
const sendToLedger = async (jobs: MatchDeps['jobs'], attachments: (LedgerAttachment | null)[]) => {
  for (const a of attachments) if (a) await queueLedgerAttach(jobs, a.transactionPk, a.fileId);
};

/**
 * `receipt/update/match/`: "match" pairs the receipt with the charge (a
 * suggestion or one the person picked) and attaches its file; "reject" says a
 * charge is not this receipt's: it is never suggested for it again.
 */
export const matchReceipt = async ({ db, jobs }: MatchDeps, actor: Actor, body: { receipt: number; transaction: number; action: 'match' | 'reject' }) => {
  const { row, access } = await matchingAccess(db, actor, body.receipt);
  await checkCharge(db, access, row, body.transaction);
  const toLedger = await db.transaction(async (tx): Promise<LedgerAttachment | null> => {
    if (body.action === 'match') return matchInside(tx, actor, row, body.transaction);
    if (row.transactionId === body.transaction) throw ValidationError.field('transaction', 'This receipt is matched to this transaction.');
    const values = { state: 'REJECTED' as const, updatedAt: new Date() };
    await tx
      .insert(receiptMatches)
      .values({ receiptId: row.pk, transactionId: body.transaction, score: 0, parts: [], ...values })
      .onConflictDoUpdate({ target: [receiptMatches.receiptId, receiptMatches.transactionId], set: values });
    await writeAudit(tx, {
      firmId: row.firmId,
      actorUserId: actor.userId,
      action: 'receipt.reject_match',
      targetType: 'receipt',
      targetPk: row.pk,
      details: { transaction: body.transaction },
    });
    return null;
  });
  await sendToLedger(jobs, [toLedger]);
  const [result] = await serializeReceipts(db, row.firmId, [row.pk]);
  return result!;
};

/** `receipts/bulk/match/`: several receipts to their charges, all or none. */
export const bulkMatchReceipts = async ({ db, jobs }: MatchDeps, actor: Actor, { matches }: { matches: { receipt: number; transaction: number }[] }) => {
  const receiptPks = matches.map((m) => m.receipt);
  const transactionPks = matches.map((m) => m.transaction);
  if (new Set(receiptPks).size !== receiptPks.length) throw ValidationError.field('matches', 'Each receipt may be matched once.');
  if (new Set(transactionPks).size !== transactionPks.length) throw ValidationError.field('matches', 'Each transaction may be matched to one receipt.');
  const checked: ReceiptRow[] = [];
  for (const m of matches) {
    const { row, access } = await matchingAccess(db, actor, m.receipt);
    await checkCharge(db, access, row, m.transaction);
    checked.push(row);
  }
  const toLedger = await db.transaction(async (tx) => {
    const attachments: (LedgerAttachment | null)[] = [];
    for (const [i, row] of checked.entries()) attachments.push(await matchInside(tx, actor, row, matches[i]!.transaction));
    return attachments;
  });
  await sendToLedger(jobs, toLedger);
  return serializeReceipts(db, checked[0]!.firmId, receiptPks);
};

/**
 * `receipt/matches/new/`: the company's charges scored for this receipt now
 * (the person need not wait for the job), at most FIND_MORE_LIMIT read; the
 * best are kept as its suggestions and answered, the surest first. Nothing is
 * matched without the person: even a sure charge is only offered.
 */
export const findReceiptMatches = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { receiptPk }: { receiptPk: number },
): Promise<{ suggestions: ReceiptSuggestion[] }> => {
  const { row, access } = await matchingAccess(db, actor, receiptPk);
  if (row.transactionId !== null) throw ValidationError.field('receipt', 'This receipt is already matched.');
  const receipt = matchable(row);
  if (!receipt) throw ValidationError.field('receipt', 'The receipt needs a date and a total before charges can be looked for.');
  const options = { restrictions: access.restrictions, limit: FIND_MORE_LIMIT };
  const { decision, byPk } = await decideFor(db, row, receipt, options);
  const offered = [...(decision.auto === null ? [] : [byPk.get(decision.auto)!]), ...decision.suggestions];
  // A restricted person's look keeps its answer to itself: the stored suggestions are the whole company's (the job's).
  if (access.restrictions.paymentAccountIds === null && access.restrictions.watchedAccountIds === null) await writeSuggestions(db, row.pk, offered);
  if (offered.length === 0) return { suggestions: [] };
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, row.clientCompanyId!),
        inArray(
          transactions.pk,
          offered.map((c) => c.pk),
        ),
      ),
    );
  return {
    suggestions: offered.map((c) => {
      const t = rows.find((r) => r.pk === c.pk);
      if (!t) throw new NotFoundError();
      return {
        transaction: { pk: t.pk, date: t.date, amount: t.amount, currency: t.currency, payee: t.payee, description: t.description },
        score: c.score,
        parts: c.parts,
      };
    }),
  };
};
