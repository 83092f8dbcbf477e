import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { receipts } from '../../../db/schema/index.js';
import { queueLedgerAttach } from '../../books/transactions/transactions.face.js';
import { candidateWindow } from './matching/candidates.rule.js';
import { CandidateIndex } from './matching/candidate-index.rule.js';
import { decideMatch, type Candidate, type MatchDecision } from './matching/decide.rule.js';
import { prepareReceipt, rankCandidates } from './matching/quick-score.rule.js';
import {
  chargesBetween,
  decideFor,
  heldCharges,
  homeCurrency,
  matchable,
  rejectedPksOf,
  writeMatch,
  writeMatches,
  writeSuggestions,
  writeSuggestionsMany,
  type LedgerAttachment,
} from './receipt-matching.queries.js';
import type { ReceiptRow } from './receipts.queries.js';

type JobDeps = Pick<AppDeps, 'db' | 'jobs'>;

/** Only a receipt still waiting for someone (READY, not hidden) is matched by itself. */
const waiting = (row: ReceiptRow) => row.status === 'READY' && !row.isHidden;

const matchOne = async ({ db, jobs }: JobDeps, row: ReceiptRow) => {
  const receipt = matchable(row);
  if (!receipt || !waiting(row)) return;
  const { decision, byPk } = await decideFor(db, row, receipt);
  const toLedger = await db.transaction(async (tx): Promise<LedgerAttachment | null> => {
    // Read again inside the transaction: a person may have matched it meanwhile.
    const [fresh] = await tx
      .select({ pk: receipts.pk })
      .from(receipts)
      .where(and(eq(receipts.pk, row.pk), isNull(receipts.transactionId), eq(receipts.status, 'READY')))
      .for('update');
    if (!fresh) return null;
    if (decision.auto !== null) {
      return writeMatch(tx, {
        row,
        transactionPk: decision.auto,
        scored: byPk.get(decision.auto) ?? null,
        actorUserId: null,
        automatic: true,
        passedOver: decision.suggestions,
      });
    }
    await writeSuggestions(tx, row.pk, decision.suggestions);
    return null;
  });
  // Once committed: the job must find the attachment row it is asked to upload.
  if (toLedger) await queueLedgerAttach(jobs, toLedger.transactionPk, toLedger.fileId);
};

/**
 * The `receipt-match` job for one receipt: its company's charges in the
 * candidate window are scored; one clearly right charge is matched (the file
 * attached to it, the receipt done), otherwise the best are kept as
 * suggestions for a person. Running it again only refreshes the suggestions.
 */
export const runReceiptMatch = async (deps: JobDeps, receiptPk: number) => {
  const [row] = await deps.db.select().from(receipts).where(eq(receipts.pk, receiptPk));
  if (row) await matchOne(deps, row);
};

type Decided = { row: ReceiptRow; decision: MatchDecision; byPk: Map<number, Candidate> };

/**
 * Writes what the company's run decided for a batch, in one database transaction: the matches
 * of receipts still waiting (read under lock: one a person matched meanwhile is left as the
 * person left it) and the others' suggestions; then queues the files for charges already in the
 * ledger, once committed.
 */
const writeDecided = async ({ db, jobs }: JobDeps, decided: Decided[]) => {
  const toLedger = await db.transaction(async (tx) => {
    // Still waiting, read under lock: a person may have matched one meanwhile; that one is left as the person left it.
    const fresh = new Set(
      (
        await tx
          .select({ pk: receipts.pk })
          .from(receipts)
          .where(
            and(
              inArray(
                receipts.pk,
                decided.map((d) => d.row.pk),
              ),
              isNull(receipts.transactionId),
              eq(receipts.status, 'READY'),
            ),
          )
          .for('update')
      ).map((r) => r.pk),
    );
    const still = decided.filter((d) => fresh.has(d.row.pk));
    await writeSuggestionsMany(
      tx,
      still.filter((d) => d.decision.auto === null).map((d) => ({ receiptPk: d.row.pk, suggestions: d.decision.suggestions })),
    );
    return writeMatches(
      tx,
      still.flatMap(({ row, decision, byPk }) =>
        decision.auto === null
          ? []
          : [{ row, transactionPk: decision.auto, scored: byPk.get(decision.auto) ?? null, actorUserId: null, automatic: true, passedOver: decision.suggestions }],
      ),
    );
  });
  for (const a of toLedger) await queueLedgerAttach(jobs, a.transactionPk, a.fileId);
};

/** Receipts decided and written together by the company's run: one database transaction each. */
const BATCH = 500;

const earliest = (dates: string[]) => dates.reduce((a, b) => (b < a ? b : a));
const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));

/**
 * Charges arrived for a company: each of its receipts still waiting for one looks again, in pk
 * order, exactly as the one-receipt job would one after the other — a charge matched to an
 * earlier receipt is not offered to a later one, refused pairs are left out — but with the
 * company's charges read once: the company's currency, the charges its receipts hold and every
 * charge of the dates their windows span are read at the start and held in a `CandidateIndex`;
 * each receipt's charges are scored by number (quick-score.rule.ts) and only the few kept get their
 * words; matches and suggestions are written a batch at a time, one transaction each. Reading a
 * window per receipt from the database, and the words of every pairing, took two minutes for
 * 10,000 receipts against 100,000 charges (BENCHMARKS.md, "Receipt matching on PostgreSQL").
 */
export const runCompanyReceiptMatch = async (deps: JobDeps, companyPk: number, { batchSize = BATCH } = {}) => {
  const { db } = deps;
  const rows = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.clientCompanyId, companyPk), isNull(receipts.transactionId), eq(receipts.status, 'READY'), eq(receipts.isHidden, false)))
    .orderBy(asc(receipts.pk));
  if (rows.length === 0) return;
  const home = await homeCurrency(db, companyPk);
  const work = rows.flatMap((row) => {
    const receipt = waiting(row) ? matchable(row) : null;
    return receipt ? [{ row, receipt, window: candidateWindow(receipt, home) }] : [];
  });
  if (work.length === 0) return;
  const held = await heldCharges(db, companyPk);
  const index = new CandidateIndex(await chargesBetween(db, companyPk, earliest(work.map((w) => w.window.dateFrom)), latest(work.map((w) => w.window.dateTo))));
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < work.length; start += batchSize) {
    const batch = work.slice(start, start + batchSize);
    const rejected = await rejectedPksOf(
      db,
      batch.map((b) => b.row.pk),
    );
    const decided = batch.map(({ row, receipt, window }) => {
      const refused = rejected.get(row.pk) ?? [];
      const refusedSet = new Set(refused);
      // Looked up, not copied: the set of held charges grows to thousands over a company's run.
      const candidates = rankCandidates(prepareReceipt(receipt), index.preparedIn(window), {}, (c) => !held.has(c.txn.pk) && !refusedSet.has(c.txn.pk));
      const decision = decideMatch(candidates, refused);
      if (decision.auto !== null) held.add(decision.auto);
      return { row, decision, byPk: new Map(candidates.map((c) => [c.pk, c])) };
    });
    // One batch is written while the next is scored: the database works on the other core
    // meanwhile. Batches are still written one after another, in order. The handler only keeps
    // a failure from counting as unhandled before it is awaited; awaiting rethrows it.
    await writing;
    writing = writeDecided(deps, decided);
    writing.catch(() => undefined);
  }
  await writing;
};
