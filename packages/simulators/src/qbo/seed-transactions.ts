import { DAY_MS, qboDate } from './clock.js';
import { normalizeEntity } from './normalize.js';
import type { Prng } from './prng.js';
import type { SeedRefs } from './seed-reference.js';
import type { CompanyStore } from './store.js';
import type { JsonObject, QboEntity } from './types.js';

type Kind = 'cash' | 'check' | 'cardCharge' | 'cardCredit' | 'jeExpense' | 'jeIncome' | 'bill' | 'vendorCredit' | 'deposit' | 'salesReceipt';

const KINDS: readonly Kind[] = [
  'cash',
  'check',
  'cardCharge',
  'cardCharge',
  'cardCredit',
  'jeExpense',
  'jeIncome',
  'bill',
  'vendorCredit',
  'deposit',
  'deposit',
  'salesReceipt',
];
/** Sales receipts post through items, never straight to an account, so they are never "uncategorized". */
const WATCHABLE_KINDS = KINDS.filter((kind) => kind !== 'salesReceipt');
const INCOME_SIDE: readonly Kind[] = ['jeIncome', 'deposit', 'cardCredit'];
const SPREAD_DAYS = 90;

export interface TransactionSeedOptions {
  count: number;
  watchedShare: number;
  now: number;
}

/**
 * Generates transactions of every subtype over the last 90 days. Exactly floor(count × watchedShare)
 * of them post to a watched account, spread evenly through the sequence, so a benchmark knows
 * how many uncategorized rows to expect.
 */
export function seedTransactions(store: CompanyStore, refs: SeedRefs, rng: Prng, options: TransactionSeedOptions): void {
  const { count, watchedShare, now } = options;
  for (let i = 0; i < count; i++) {
    const watched = Math.floor((i + 1) * watchedShare) > Math.floor(i * watchedShare);
    const kind = rng.pick(watched ? WATCHABLE_KINDS : KINDS);
    const at = now - rng.int(0, SPREAD_DAYS - 1) * DAY_MS - rng.int(0, 8 * 3600) * 1000;
    const generator = new TransactionFactory(refs, rng, qboDate(at));
    const [entity, fields] = generator.build(kind, watched);
    store.insert(
      entity,
      normalizeEntity(entity, fields, () => undefined),
      { at, silent: true },
    );
  }
}

export function ref(row: QboEntity, type?: string): JsonObject {
  const name = row.DisplayName ?? row.Name;
  return type ? { value: row.Id, name: name ?? null, type } : { value: row.Id, name: name ?? null };
}

class TransactionFactory {
  constructor(
    private readonly refs: SeedRefs,
    private readonly rng: Prng,
    private readonly txnDate: string,
  ) {}

  build(kind: Kind, watched: boolean): [string, JsonObject] {
    const { refs, rng } = this;
    const vendor = rng.pick(refs.vendors);
    const base: JsonObject = { TxnDate: this.txnDate };
    if (rng.chance(0.3)) base.PrivateNote = `${String(vendor.DisplayName).toUpperCase()} ${rng.int(1000, 9999)}`;
    if (rng.chance(0.2)) base.DepartmentRef = ref(rng.pick(refs.departments));
    const category = (): QboEntity => this.category(kind, watched);
    switch (kind) {
      case 'cash':
      case 'check':
      case 'cardCharge':
      case 'cardCredit': {
        const card = kind === 'cardCharge' || kind === 'cardCredit';
        const fields: JsonObject = {
          ...base,
          PaymentType: kind === 'cash' ? 'Cash' : kind === 'check' ? 'Check' : 'CreditCard',
          AccountRef: ref(card ? rng.pick(refs.cards) : refs.checking),
          Line: this.expenseLines(category, watched),
        };
        if (rng.chance(0.85)) fields.EntityRef = ref(vendor, 'Vendor');
        if (kind === 'check') fields.DocNumber = String(rng.int(1001, 9999));
        if (kind === 'cardCredit') fields.Credit = true;
        return ['Purchase', fields];
      }
      case 'bill':
      case 'vendorCredit': {
        const fields: JsonObject = { ...base, VendorRef: ref(vendor), APAccountRef: ref(refs.accountsPayable), Line: this.expenseLines(category, watched) };
        if (kind === 'bill') fields.DueDate = qboDate(Date.parse(this.txnDate) + 30 * DAY_MS + 12 * 3600_000);
        return [kind === 'bill' ? 'Bill' : 'VendorCredit', fields];
      }
      case 'jeExpense':
      case 'jeIncome':
        return ['JournalEntry', { ...base, DocNumber: `JE-${rng.int(100, 999)}`, Line: this.journalLines(kind === 'jeIncome', category()) }];
      case 'deposit':
        return ['Deposit', { ...base, DepositToAccountRef: ref(rng.chance(0.8) ? refs.checking : refs.savings), Line: this.depositLines(category, watched) }];
      case 'salesReceipt':
        return ['SalesReceipt', this.salesReceipt(base)];
    }
  }

  private category(kind: Kind, watched: boolean): QboEntity {
    const { refs, rng } = this;
    const incomeSide = INCOME_SIDE.includes(kind);
    if (watched) {
      const roll = rng.next();
      if (incomeSide) return roll < 0.8 ? refs.watched.income : refs.watched.asset;
      return roll < 0.7 ? refs.watched.expense : roll < 0.9 ? refs.watched.askMyAccountant : refs.watched.asset;
    }
    return rng.pick(incomeSide && kind !== 'cardCredit' ? refs.incomeAccounts : refs.expenseAccounts);
  }

  private amount(): number {
    // Mostly small amounts with a long tail, like a real bank feed.
    const r = this.rng.next();
    return Math.round((5 + r * r * r * 2500) * 100) / 100;
  }

  private lineCount(): number {
    return this.rng.chance(0.8) ? 1 : this.rng.int(2, 3);
  }

  /** Only the first line of a watched transaction is forced onto a watched account. */
  private expenseLines(category: () => QboEntity, watched: boolean): JsonObject[] {
    return Array.from({ length: this.lineCount() }, (_, i) => {
      const account = i === 0 || !watched ? category() : this.rng.pick(this.refs.expenseAccounts);
      const detail: JsonObject = { AccountRef: ref(account), BillableStatus: 'NotBillable', TaxCodeRef: { value: 'NON' } };
      if (this.rng.chance(0.25)) detail.ClassRef = ref(this.rng.pick(this.refs.classes));
      return { Amount: this.amount(), DetailType: 'AccountBasedExpenseLineDetail', AccountBasedExpenseLineDetail: detail };
    });
  }

  private depositLines(category: () => QboEntity, watched: boolean): JsonObject[] {
    return Array.from({ length: this.lineCount() }, (_, i) => {
      const account = i === 0 || !watched ? category() : this.rng.pick(this.refs.incomeAccounts);
      const detail: JsonObject = { AccountRef: ref(account) };
      if (this.rng.chance(0.7)) detail.Entity = ref(this.rng.pick(this.refs.customers), 'Customer');
      if (this.rng.chance(0.3)) detail.PaymentMethodRef = ref(this.rng.pick(this.refs.paymentMethods));
      return { Amount: this.amount(), DetailType: 'DepositLineDetail', DepositLineDetail: detail };
    });
  }

  private journalLines(incomeSide: boolean, category: QboEntity): JsonObject[] {
    const amount = this.amount();
    const line = (posting: 'Debit' | 'Credit', account: QboEntity, withEntity: boolean): JsonObject => {
      const detail: JsonObject = { PostingType: posting, AccountRef: ref(account) };
      if (withEntity) {
        const party = incomeSide ? ref(this.rng.pick(this.refs.customers)) : ref(this.rng.pick(this.refs.vendors));
        detail.Entity = { Type: incomeSide ? 'Customer' : 'Vendor', EntityRef: party };
      }
      return { Amount: amount, DetailType: 'JournalEntryLineDetail', JournalEntryLineDetail: detail };
    };
    return incomeSide
      ? [line('Debit', this.refs.checking, false), line('Credit', category, this.rng.chance(0.5))]
      : [line('Debit', category, this.rng.chance(0.5)), line('Credit', this.refs.checking, false)];
  }

  private salesReceipt(base: JsonObject): JsonObject {
    const { refs, rng } = this;
    const lines = Array.from({ length: this.lineCount() }, () => {
      const item = rng.pick(refs.items);
      const UnitPrice = typeof item.UnitPrice === 'number' && item.UnitPrice > 0 ? item.UnitPrice : rng.int(20, 300);
      const Qty = rng.int(1, 5);
      return {
        Amount: Math.round(UnitPrice * Qty * 100) / 100,
        DetailType: 'SalesItemLineDetail',
        SalesItemLineDetail: { ItemRef: ref(item), Qty, UnitPrice, TaxCodeRef: { value: 'NON' } },
      };
    });
    return {
      ...base,
      CustomerRef: ref(rng.pick(refs.customers)),
      DepositToAccountRef: ref(rng.chance(0.5) ? refs.undepositedFunds : refs.checking),
      PaymentMethodRef: ref(rng.pick(refs.paymentMethods)),
      Line: lines,
    };
  }
}
