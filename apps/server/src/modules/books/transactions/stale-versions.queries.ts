import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction, TransactionChange } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { transactions } from '../../../db/schema/index.js';
import { ConflictError } from '../../../lib/errors.js';

/** Some edited transactions moved on since the version their editor read (found inside the write). */
export class StaleVersions extends Error {
  constructor(readonly pks: number[]) {
    super('stale transaction versions');
  }
}

/** The 409 a person sees: what happened in plain words, and each transaction as it stands now. */
export class StaleVersionError extends ConflictError {
  constructor(readonly current: Transaction[]) {
    super(
      current.length === 1
        ? 'Someone else saved this transaction after you opened it, so your changes were not saved. Look at what changed, then keep yours or take theirs.'
        : `Someone else saved ${current.length} of these transactions after you opened them, so nothing was saved. Look at what changed, then try again.`,
    );
  }

  override get body() {
    return { current: this.current };
  }
}

/** The changes that name a version, with the versions of the rows to judge: the pks judged whose version is no longer that one. */
export const staleAmong = (changes: readonly Pick<TransactionChange, 'pk' | 'version'>[], versions: ReadonlyMap<number, number>): number[] =>
  changes.filter((c) => c.version !== undefined && versions.has(c.pk) && versions.get(c.pk) !== c.version).map((c) => c.pk);

/**
 * Inside the write's own database transaction: locks the rows whose changes name a version (in pk order,
 * as every bulk writer does) and refuses the whole write when one of them moved on in between. The check
 * before the transaction answers the common case early; this one closes the race between the two.
 */
export const lockAtVersions = async (tx: Db, companyPk: number, changes: readonly Pick<TransactionChange, 'pk' | 'version'>[]) => {
  const named = changes.filter((c) => c.version !== undefined).map((c) => c.pk);
  if (named.length === 0) return;
  const rows = await tx
    .select({ pk: transactions.pk, version: transactions.version })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, named)))
    .orderBy(asc(transactions.pk))
    .for('update');
  const stale = staleAmong(changes, new Map(rows.map((r) => [r.pk, r.version])));
  if (stale.length > 0) throw new StaleVersions(stale);
};
