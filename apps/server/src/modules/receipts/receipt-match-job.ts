import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { receipts } from '../../db/schema/index.js';
import { queueLedgerAttach } from '../transactions/ledger-attach-job.js';
import { decideFor, matchable, writeMatch, writeSuggestions, type LedgerAttachment } from './receipt-matching.js';
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
      return writeMatch(tx, { row, transactionPk: decision.auto, scored: byPk.get(decision.auto) ?? null, actorUserId: null, automatic: true });
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

/** Charges arrived for a company: each of its receipts still waiting for one looks again. */
export const runCompanyReceiptMatch = async (deps: JobDeps, companyPk: number) => {
  const rows = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.clientCompanyId, companyPk), isNull(receipts.transactionId), eq(receipts.status, 'READY'), eq(receipts.isHidden, false)));
  for (const row of rows) await matchOne(deps, row);
};
