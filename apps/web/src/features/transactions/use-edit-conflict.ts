import { useState } from 'react';
import type { Transaction } from '@herd/contract';
import { staleCurrent, whatChanged } from './conflict';

/**
 * The editor's side of two people editing one transaction. `readAs` is the transaction as the edits were
 * made from it: its version goes with each save, and what someone else changed is told against it. A
 * refetch of the list while the editor is open does not move it; only the editor's saves and choices do.
 */
export const useEditConflict = (transaction: Transaction) => {
  const [readAs, setReadAs] = useState(transaction);
  const [conflict, setConflict] = useState<{ theirs: Transaction; finished: boolean } | null>(null);
  return {
    readAs,
    conflict,
    /** What the other save changed, one sentence each; empty without a conflict. */
    changes: conflict ? whatChanged(readAs, conflict.theirs) : [],
    saved: (rows: Transaction[]) => {
      setReadAs((before) => rows.find((t) => t.pk === transaction.pk) ?? before);
      setConflict(null);
    },
    /** Whether the refusal was someone else's save (then it is the conflict to settle). */
    refusedAsStale: (error: unknown, finished: boolean) => {
      const theirs = staleCurrent(error)?.find((t) => t.pk === transaction.pk);
      if (theirs) setConflict({ theirs, finished });
      return theirs !== undefined;
    },
    /** Take theirs: the edits start again from their save, which the caller puts in the form. */
    takeTheirs: (): Transaction | null => {
      if (!conflict) return null;
      setReadAs(conflict.theirs);
      setConflict(null);
      return conflict.theirs;
    },
  };
};
