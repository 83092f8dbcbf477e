import type { CorrectionItem, LedgerAdapter, LedgerCompany, LedgerReferences, PublishLine, PublishOutcome } from '../ledger/ledger.face.js';
import type { CompanyReferences } from '../refs/refs.face.js';
import { correctionDateOf, correctionItemOf } from './correction-journal.rule.js';
import { closedPeriodRefusal } from './publish-refusal.rule.js';
import type { StatusSideValues } from './status-writer.queries.js';
import type { TransactionRow } from './transactions.queries.js';

/** What the ledger answered for one row, and what its status move writes beside the status. */
export interface SettledRow {
  row: TransactionRow;
  outcome: PublishOutcome;
  values?: StatusSideValues;
}

/** A transaction in a period the ledger has closed, as of the last read of its lock. */
export const inClosedPeriod = (row: TransactionRow, closedThrough: string | null): closedThrough is string => closedThrough !== null && row.date <= closedThrough;

const rejected = (row: TransactionRow, message: string): SettledRow => ({ row, outcome: { kind: 'rejected', code: 'HERD', message } });

/** A correction the ledger took: published, with the journal's day and id on the row; the transaction's own copy untouched. */
const posted = (row: TransactionRow, date: string, journalExternalId: string | null): SettledRow => ({
  row,
  outcome: { kind: 'published', ledgerVersion: null },
  values: { correctionDate: date, correctionExternalId: journalExternalId },
});

/**
 * Answers dated in the ledger's closed period go as corrections (correction-journal.rule.ts), never as
 * a change to the transaction the ledger would refuse. A ledger Herd holds itself records the day at
 * once (its published feed tells the other system to post the journal); a remote ledger posts the
 * journal, and its answers are yielded as they come so each is recorded before the next is asked for.
 * `linesOf` is null for a ledger Herd holds itself (nothing to translate).
 */
export async function* publishCorrections(input: {
  adapter: LedgerAdapter;
  company: LedgerCompany;
  closedThrough: string;
  rows: TransactionRow[];
  linesOf: ((row: TransactionRow) => PublishLine[] | null) | null;
  refs: CompanyReferences | null;
  references: LedgerReferences;
}): AsyncIterable<SettledRow[]> {
  const { adapter, closedThrough, rows, linesOf, refs } = input;
  if (rows.length === 0) return;
  if (!adapter.remote) {
    yield rows.map((row) => posted(row, correctionDateOf(closedThrough), null));
    return;
  }
  if (!adapter.postCorrections || !linesOf || !refs) {
    yield rows.map((row) => rejected(row, closedPeriodRefusal(row.date, closedThrough)!));
    return;
  }
  const refusedHere: SettledRow[] = [];
  const items: CorrectionItem[] = [];
  for (const row of rows) {
    const lines = linesOf(row);
    const watched = refs.accountExternalId(row.watchedAccountId);
    if (!lines) refusedHere.push(rejected(row, `Every line needs a category that exists in ${adapter.displayName}.`));
    else if (!watched)
      refusedHere.push(rejected(row, `Herd no longer knows which ${adapter.displayName} account holds this transaction, so it cannot post the correction.`));
    else items.push(correctionItemOf(row, lines, watched, closedThrough));
  }
  if (refusedHere.length > 0) yield refusedHere;
  if (items.length === 0) return;
  const byPk = new Map(rows.map((row) => [row.pk, row]));
  for await (const settled of adapter.postCorrections(input.company, items, input.references)) {
    yield settled.map(({ item, outcome }) => {
      const row = byPk.get(item.key)!;
      return outcome.kind === 'posted' ? posted(row, item.date, outcome.journalExternalId) : { row, outcome };
    });
  }
}
