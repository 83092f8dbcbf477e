import type { Clock } from '../qbo/clock.js';
import type { ListEntry, ListKind, Txn, TxnKind } from './types.js';

/** A list entry as a caller gives it: the company assigns ids, times and the EditSequence. */
export type NewListEntry = Omit<ListEntry, 'listId' | 'timeCreated' | 'timeModified' | 'editSequence' | 'fullName' | 'isActive'> & {
  fullName?: string;
  isActive?: boolean;
};

/** A transaction as a caller gives it; lines may leave `txnLineId` empty to get a fresh one. */
export type NewTxn = Omit<Txn, 'txnId' | 'txnNumber' | 'timeCreated' | 'timeModified' | 'editSequence'>;

/** Vendors and customers share one name list in QuickBooks (with employees and other names). */
const ENTITY_KINDS: readonly ListKind[] = ['Vendor', 'Customer'];

/**
 * The in-memory company file. Ids look like QuickBooks' (`80000001-1782909720`: a hex counter and
 * the creation time in seconds) and every change issues a new EditSequence, which is the time in
 * seconds but never repeats, so two changes in one second still differ.
 */
export class QbdCompany {
  // The records and counters are what a saved company file keeps (snapshot.ts); change them through the methods.
  readonly listEntries = new Map<string, ListEntry>();
  readonly transactions = new Map<string, Txn>();
  listCounter = 0x80000000;
  txnCounter = 0x100;
  lastEditSequence = 0;
  txnNumber = 0;
  /** The company's closing date (YYYY-MM-DD), as Preferences → Accounting → Company Preferences sets it; null: none. */
  closingDate: string | null = null;

  constructor(
    readonly name: string,
    readonly clock: Clock,
  ) {}

  now(): number {
    return this.clock.now();
  }

  nextEditSequence(at = this.now()): string {
    this.lastEditSequence = Math.max(this.lastEditSequence + 1, Math.floor(at / 1000));
    return String(this.lastEditSequence);
  }

  /** A TxnLineID (or TxnID) in QuickBooks' shape; unique within the company. */
  newTxnId(at = this.now()): string {
    this.txnCounter += 1;
    return `${this.txnCounter.toString(16).toUpperCase()}-${Math.floor(at / 1000)}`;
  }

  addList(entry: NewListEntry, at = this.now()): ListEntry {
    this.listCounter += 1;
    const stored: ListEntry = {
      ...entry,
      fullName: entry.fullName ?? (entry.parent ? `${entry.parent.fullName}:${entry.name}` : entry.name),
      isActive: entry.isActive ?? true,
      listId: `${this.listCounter.toString(16).toUpperCase()}-${Math.floor(at / 1000)}`,
      timeCreated: at,
      timeModified: at,
      editSequence: this.nextEditSequence(at),
    };
    this.listEntries.set(stored.listId, stored);
    return stored;
  }

  lists(kind: ListKind): ListEntry[] {
    return [...this.listEntries.values()].filter((entry) => entry.kind === kind);
  }

  /** Finds by ListID first, else by FullName (case-insensitive, as QuickBooks matches names). */
  findList(kind: ListKind, ref: { listId?: string; fullName?: string }): ListEntry | undefined {
    if (ref.listId !== undefined) {
      const entry = this.listEntries.get(ref.listId);
      return entry?.kind === kind ? entry : undefined;
    }
    const wanted = ref.fullName?.toLowerCase();
    return this.lists(kind).find((entry) => entry.fullName.toLowerCase() === wanted);
  }

  /** The list entry with this id or full name in any of the kinds (PayeeEntityRef may name a vendor or a customer). */
  findInLists(kinds: readonly ListKind[], ref: { listId?: string; fullName?: string }): ListEntry | undefined {
    for (const kind of kinds) {
      const entry = this.findList(kind, ref);
      if (entry) return entry;
    }
    return undefined;
  }

  isNameTaken(kind: ListKind, name: string): boolean {
    const kinds = ENTITY_KINDS.includes(kind) ? ENTITY_KINDS : [kind];
    return kinds.some((each) => this.findList(each, { fullName: name }) !== undefined);
  }

  addTxn(txn: NewTxn, at = this.now()): Txn {
    this.txnNumber += 1;
    const stored: Txn = {
      ...txn,
      txnId: this.newTxnId(at),
      txnNumber: this.txnNumber,
      timeCreated: at,
      timeModified: at,
      editSequence: this.nextEditSequence(at),
    };
    for (const line of [...stored.expenseLines, ...stored.itemLines, ...stored.journalLines, ...stored.depositLines]) {
      if (!line.txnLineId) line.txnLineId = this.newTxnId(at);
    }
    this.transactions.set(stored.txnId, stored);
    return stored;
  }

  getTxn(txnId: string): Txn | undefined {
    return this.transactions.get(txnId);
  }

  txns(kind?: TxnKind): Txn[] {
    const all = [...this.transactions.values()];
    return kind === undefined ? all : all.filter((txn) => txn.kind === kind);
  }

  /** Records a change: a new EditSequence and TimeModified, as QuickBooks does on every save. */
  touch(record: Txn | ListEntry): void {
    record.timeModified = Math.max(this.now(), record.timeModified);
    record.editSequence = this.nextEditSequence();
  }

  /** A change made "inside QuickBooks" by the bookkeeper, for tests of conflicts and resync. */
  editTxn(txnId: string, change: (txn: Txn) => void): Txn {
    const txn = this.transactions.get(txnId);
    if (!txn) throw new Error(`no transaction ${txnId}`);
    change(txn);
    this.touch(txn);
    return txn;
  }
}
