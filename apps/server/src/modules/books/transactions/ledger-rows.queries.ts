import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactionLines, transactions } from '../../../db/schema/index.js';
import { DEFAULT_ASK_RULES } from '@herd/contract';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';
import { askRulesOf } from './ask-rules.queries.js';
import { firmPayeeKeys, keptReasonOf } from './ask-rules.rule.js';

type TransactionInsert = typeof transactions.$inferInsert;

/** A ledger's own values of a transaction: what a bank file, the generic API or a ledger adapter brings. */
export type LedgerValues = Pick<TransactionInsert, 'ledgerEntityType' | 'type' | 'subtype' | 'date' | 'amount'> &
  Partial<Pick<TransactionInsert, 'currency' | 'description' | 'payee' | 'paymentAccountId' | 'watchedAccountId' | 'ledgerVersion' | 'raw'>>;

/** A line as the ledger holds it (the transaction and the position are the writer's). */
export type LedgerLine = Omit<typeof transactionLines.$inferInsert, 'pk' | 'transactionId' | 'position'>;

export type LedgerRowWrite =
  /** A row Herd does not hold yet: created waiting for the client (READY); skipped if the company already has its external id. */
  | { externalId: string; create: LedgerValues; lines?: LedgerLine[] }
  /** Herd's copy of a known row takes the ledger's newer values; its status is not touched here (see status-writer.queries.ts). */
  | { pk: number; refresh: Partial<LedgerValues>; lines?: LedgerLine[] };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, large enough that a 10,000-row file is 20 statements. */
const CHUNK = 500;

/**
 * The one way ledger rows enter or refresh in Herd, for bank CSV files, the
 * generic ledger API and every ledger adapter. New rows start READY with the
 * ledger's lines (one line of the whole amount when it has none); a refresh
 * changes values and, when given, replaces the lines. Every statement is
 * scoped by the company. Returns the rows created, by external id.
 */
export const upsertLedgerRows = async (tx: Db, companyPk: number, writes: LedgerRowWrite[]) => {
  const creates = writes.filter((w) => 'create' in w);
  const created: { pk: number; externalId: string; amount: string }[] = [];
  // What the firm keeps from the client is kept from the moment a row arrives (docs/transactions.md, "What is worth asking").
  const { rules, closedThrough } = creates.length > 0 ? await askRulesOf(tx, companyPk) : { rules: DEFAULT_ASK_RULES, closedThrough: null };
  const payeeKeys = firmPayeeKeys(rules);
  const newRow = (w: (typeof creates)[number]) => {
    const merchantKey = merchantKeyOf(w.create);
    const keptBy = keptReasonOf(rules, payeeKeys, { amount: String(w.create.amount), merchantKey, date: w.create.date }, closedThrough);
    return { ...w.create, clientCompanyId: companyPk, externalId: w.externalId, status: 'READY' as const, merchantKey, isHidden: keptBy !== null, keptBy };
  };
  for (let start = 0; start < creates.length; start += CHUNK) {
    const chunk = creates.slice(start, start + CHUNK);
    created.push(
      ...(await tx
        .insert(transactions)
        .values(chunk.map(newRow))
        .onConflictDoNothing({ target: [transactions.clientCompanyId, transactions.externalId] })
        .returning({ pk: transactions.pk, externalId: transactions.externalId, amount: transactions.amount })),
    );
  }
  const linesOf = new Map(creates.map((w) => [w.externalId, w.lines]));
  await insertLines(
    tx,
    created.flatMap((row) => numbered(row.pk, linesOf.get(row.externalId) ?? [{ amount: row.amount }])),
  );

  for (const w of writes) {
    if (!('refresh' in w)) continue;
    await tx
      .update(transactions)
      // New text may name another merchant: the suggestion job reads it again.
      .set({ ...w.refresh, ...('description' in w.refresh || 'payee' in w.refresh ? { merchantKey: null } : {}), updatedAt: new Date() })
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, w.pk)));
    if (w.lines) {
      const owned = tx
        .select({ pk: transactions.pk })
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, w.pk)));
      await tx.delete(transactionLines).where(inArray(transactionLines.transactionId, owned));
      await insertLines(tx, numbered(w.pk, w.lines));
    }
  }
  return created.map(({ pk, externalId }) => ({ pk, externalId }));
};

const merchantKeyOf = (values: LedgerValues) => merchantOfTransaction({ payee: values.payee ?? '', description: values.description ?? '' })?.key ?? '';

const numbered = (transactionId: number, lines: LedgerLine[]) => lines.map((line, position) => ({ ...line, transactionId, position }));

const insertLines = async (tx: Db, rows: (typeof transactionLines.$inferInsert)[]) => {
  for (let start = 0; start < rows.length; start += CHUNK) await tx.insert(transactionLines).values(rows.slice(start, start + CHUNK));
};
