import { eq } from 'drizzle-orm';
import type { TransactionType } from '@herd/contract';
import type { Db } from '../db/client.js';
import { transactions } from '../db/schema/index.js';
import { backdateAudit } from './demo-activity.js';
import { upsertLedgerRows } from '../modules/books/transactions/ledger-rows.queries.js';
import { moveStatuses } from '../modules/books/transactions/status-writer.queries.js';
import type { DemoLedger } from './demo-ledger.js';

const DAY_MS = 86_400_000;

/** What comes through the bakery's bank every month, and how the client files it. */
interface Regular {
  description: string;
  payee: string;
  type: TransactionType;
  subtype: string;
  category: string;
  /** Day of the month it posts, and its usual amount in cents (each month varies a little). */
  day: number;
  cents: number;
  card?: boolean;
}

/**
 * Payees none of the demo month's transactions has, so the history teaches Herd's suggestions nothing
 * that would change what the client's inbox suggests today, and a payee names one row of that month.
 */
const REGULARS: Regular[] = [
  { description: 'EBMUD WATER BILL PAY', payee: 'EBMUD', type: 'EXPENSE', subtype: 'PURCHASE', category: 'Utilities', day: 4, cents: 41_280 },
  { description: 'BROADWAY COMMERCIAL RENT', payee: 'Broadway Commercial Rentals', type: 'EXPENSE', subtype: 'PURCHASE', category: 'Rent', day: 1, cents: 320_000 },
  {
    description: 'CENTRAL MILLING CO',
    payee: 'Central Milling',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    category: 'Ingredients',
    day: 9,
    cents: 61_540,
    card: true,
  },
  {
    description: 'CENTRAL MILLING CO',
    payee: 'Central Milling',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    category: 'Ingredients',
    day: 23,
    cents: 58_910,
    card: true,
  },
  { description: 'SQUARE INC DEPOSIT', payee: 'Walk-in customers', type: 'DEPOSIT', subtype: 'DEPOSIT', category: 'Sales', day: 7, cents: 486_000 },
  { description: 'SQUARE INC DEPOSIT', payee: 'Walk-in customers', type: 'DEPOSIT', subtype: 'DEPOSIT', category: 'Sales', day: 21, cents: 512_500 },
  { description: 'FARMERS MARKET COLL ACH', payee: 'Farmers Market Collective', type: 'DEPOSIT', subtype: 'DEPOSIT', category: 'Sales', day: 15, cents: 84_000 },
  { description: 'RIVERSIDE OFFICE PARK', payee: 'Riverside Office Park', type: 'DEPOSIT', subtype: 'DEPOSIT', category: 'Catering Income', day: 27, cents: 126_000 },
];

export const HISTORY_MONTHS = 12;
export const HISTORY_PER_MONTH = REGULARS.length;

/** A small, fixed wobble (no randomness: the demo is the same on every install). */
const wobble = (seed: number, spread: number) => ((seed * 7919) % (2 * spread + 1)) - spread;

interface Past {
  regular: Regular;
  externalId: string;
  bankDate: string;
  arrivedAt: Date;
  answeredAt: Date;
  publishedAt: Date;
  cents: number;
}

/** The demo's month (its open questions are dated October 2026): the history is the twelve before it. */
const DEMO_MONTH = { year: 2026, month: 9 };

/**
 * Each regular of the twelve months before the demo's: dated in its bank month, and arrived in Herd
 * that many months before today (as the demo's month arrived today), answered within a week,
 * published a few days later. Bank dates stay before the demo month's, so the lists open on its
 * questions; arrivals follow today, so analytics always has the last year.
 */
const pastYear = (now: Date): Past[] =>
  Array.from({ length: HISTORY_MONTHS }, (_, i) => i + 1).flatMap((monthsAgo) =>
    REGULARS.map((regular, k) => {
      const seed = monthsAgo * 31 + k;
      const bankDate = new Date(Date.UTC(DEMO_MONTH.year, DEMO_MONTH.month - monthsAgo, regular.day)).toISOString().slice(0, 10);
      const arrivedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, regular.day, 14));
      // The client got quicker over the year: a week at first, a day or two lately.
      const answerDays = 1 + Math.round((monthsAgo / HISTORY_MONTHS) * 5) + (seed % 2);
      // Never after today: early in a month, last month's late regulars were answered and published only just now.
      const answeredAt = new Date(Math.min(arrivedAt.getTime() + answerDays * DAY_MS + (seed % 9) * 3_600_000, now.getTime() - 2 * 3_600_000));
      const publishedAt = new Date(Math.min(answeredAt.getTime() + (1 + (seed % 3)) * DAY_MS, now.getTime() - 3_600_000));
      return {
        regular,
        externalId: `demo:history:${monthsAgo}:${k}`,
        bankDate,
        arrivedAt,
        answeredAt,
        publishedAt,
        cents: regular.cents + wobble(seed, regular.cents / 20),
      };
    }),
  );

const money = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/**
 * A year of the bakery's ordinary months, answered by the client and published by the accountant,
 * with the times they happened, so the firm's analytics have a year to show on a fresh install.
 */
export const seedDemoHistory = async (
  db: Db,
  ids: { firmId: number; companyPk: number; accountantId: number; clientId: number },
  ledger: DemoLedger,
  now = new Date(),
) => {
  const account = (name: string) => ledger.accounts.get(name)!;
  const past = pastYear(now);
  const created = await upsertLedgerRows(
    db,
    ids.companyPk,
    past.map((p) => ({
      externalId: p.externalId,
      create: {
        ledgerEntityType: 'generic',
        type: p.regular.type,
        subtype: p.regular.subtype,
        date: p.bankDate,
        amount: money(p.cents),
        description: p.regular.description,
        payee: p.regular.payee,
        paymentAccountId: account(p.regular.card ? 'Visa Business Card' : 'Business Checking'),
        watchedAccountId: account(p.regular.type === 'DEPOSIT' ? 'Uncategorized Income' : 'Uncategorized Expense'),
      },
      lines: [
        {
          amount: money(p.cents),
          categoryId: account(p.regular.category),
          vendorId: p.regular.type === 'DEPOSIT' ? null : (ledger.refs.get(p.regular.payee) ?? null),
          customerId: p.regular.type === 'DEPOSIT' ? (ledger.refs.get(p.regular.payee) ?? null) : null,
          classId: null,
        },
      ],
    })),
  );
  const pkOf = new Map(created.map((row) => [row.externalId, row.pk]));
  const rows = past.map((p) => ({ ...p, pk: pkOf.get(p.externalId)! }));
  const as = (actorUserId: number) => ({ firmId: ids.firmId, companyPk: ids.companyPk, actorUserId });
  await moveStatuses(
    db,
    as(ids.clientId),
    'transaction.categorize',
    rows.map((r) => ({
      row: { pk: r.pk, status: 'READY' as const },
      to: 'FINISHED_IN_HERD' as const,
      values: { categorizedBy: ids.clientId, categorizedAt: r.answeredAt },
    })),
  );
  await moveStatuses(
    db,
    as(ids.accountantId),
    'transaction.publish',
    rows.map((r) => ({
      row: { pk: r.pk, status: 'FINISHED_IN_HERD' as const },
      to: 'PUBLISHED_IN_PLATFORM' as const,
      values: { publishedBy: ids.accountantId, publishedAt: r.publishedAt },
      details: { outcome: 'published' },
    })),
  );
  // Arrival, answer and publish at the times they happened: what analytics counts and measures.
  for (const r of rows) {
    await db.update(transactions).set({ createdAt: r.arrivedAt }).where(eq(transactions.pk, r.pk));
    await backdateAudit(db, r.pk, 'transaction.categorize', r.answeredAt);
    await backdateAudit(db, r.pk, 'transaction.publish', r.publishedAt);
  }
  return rows.length;
};
