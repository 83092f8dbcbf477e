import { aliasedTable, and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerAccounts, ledgerHistory, ledgerRefs, transactionLines, transactions, transactionSuggestions } from '../../../db/schema/index.js';
import type { Account, FirmAnswers, OwnAnswers, Suggestion } from './ranking.rule.js';
import { RECENT_ANSWERS } from './ranking.rule.js';

/** Answers that count as history: the client's finished ones, and those published or matched in the ledger. */
export const ANSWERED_STATUSES = ['FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'] as const;

/** Statements take at most this many keys or rows, well under PostgreSQL's parameter limit. */
const CHUNK = 1000;

const chunks = <T>(items: T[], size = CHUNK) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A PostgreSQL text array literal, each element quoted (keys hold spaces). */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

const isDeposit = sql<boolean>`${transactions.type} = 'DEPOSIT'`;

/**
 * Rows of these merchants, in words the planner matches against the partial index
 * `transactions_merchant_idx` (`merchant_key is not null and merchant_key <> ''`): an IN list alone
 * does not prove `<> ''`, and the firm's answers were read by scanning every transaction.
 */
const ofMerchants = (keys: string[]) => and(isNotNull(transactions.merchantKey), ne(transactions.merchantKey, ''), inArray(transactions.merchantKey, keys));

export const companyFirm = async (db: Db, companyPk: number) => {
  const [row] = await db.select({ firmId: clientCompanies.firmId }).from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  return row?.firmId ?? null;
};

/** Rows of the company whose merchant has not been read yet (new, or refreshed by their ledger). */
export const rowsWithoutMerchant = (db: Db, companyPk: number, limit: number) =>
  db
    .select({ pk: transactions.pk, payee: transactions.payee, description: transactions.description })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), isNull(transactions.merchantKey)))
    .limit(limit);

export const setMerchantKeys = async (db: Db, companyPk: number, rows: { pk: number; key: string }[]) => {
  if (rows.length === 0) return;
  await db.execute(sql`
    update transactions t set merchant_key = v.key
    from unnest(${`{${rows.map((r) => r.pk).join(',')}}`}::int[], ${textArray(rows.map((r) => r.key))}::text[]) as v(pk, key)
    where t.pk = v.pk and t.client_company_id = ${companyPk}`);
};

/** The company's transactions waiting for an answer, of some merchants or of all. */
export const openTransactions = (db: Db, companyPk: number, merchantKeys: string[] | null) =>
  db
    .select({
      pk: transactions.pk,
      merchantKey: transactions.merchantKey,
      deposit: isDeposit,
      payee: transactions.payee,
      description: transactions.description,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        eq(transactions.status, 'READY'),
        isNotNull(transactions.merchantKey),
        ne(transactions.merchantKey, ''),
        merchantKeys ? inArray(transactions.merchantKey, merchantKeys) : undefined,
      ),
    );

/**
 * The company's answers for some merchants, grouped by merchant, direction and the line's values,
 * with how many are recent and how many of them its books hold: Herd's answered transactions and
 * the ledger's own categorized ones (`ledger_history`) together, ranked by date as one history, so
 * the merchant's RECENT_ANSWERS latest transactions count whichever side they come from.
 */
export const ownAnswers = async (db: Db, companyPk: number, merchantKeys: string[]) => {
  const out: (OwnAnswers & { merchantKey: string; deposit: boolean })[] = [];
  for (const keys of chunks(merchantKeys)) {
    const { rows } = (await db.execute(sql`
      with answered_lines as (
        select ${transactions.merchantKey} as merchant_key, ${isDeposit} as deposit, ${transactions.date} as date,
               false as books, ${transactions.pk} as txn_pk, '' as txn_ext,
               ${transactionLines.categoryId} as category_id, ${transactionLines.vendorId} as vendor_id,
               ${transactionLines.customerId} as customer_id, ${transactionLines.classId} as class_id
        from ${transactions} join ${transactionLines} on ${transactionLines.transactionId} = ${transactions.pk}
        where ${and(ofMerchants(keys), eq(transactions.clientCompanyId, companyPk), inArray(transactions.status, ANSWERED_STATUSES))}
        union all
        select ${ledgerHistory.merchantKey}, ${ledgerHistory.deposit}, ${ledgerHistory.date},
               true, 0, ${ledgerHistory.externalId},
               ${ledgerHistory.categoryId}, ${ledgerHistory.vendorId}, ${ledgerHistory.customerId}, ${ledgerHistory.classId}
        from ${ledgerHistory}
        where ${and(eq(ledgerHistory.clientCompanyId, companyPk), inArray(ledgerHistory.merchantKey, keys))}
      ), ranked as (
        select *, dense_rank() over (partition by merchant_key, deposit order by date desc, books, txn_pk desc, txn_ext desc) as rank
        from answered_lines
      )
      select merchant_key as "merchantKey", deposit, category_id as "categoryId", vendor_id as "vendorId", customer_id as "customerId", class_id as "classId",
             count(*)::int as total, (count(*) filter (where books))::int as books,
             (count(*) filter (where rank <= ${RECENT_ANSWERS}))::int as recent, max(date)::text as last
      from ranked
      where category_id is not null
      group by merchant_key, deposit, category_id, vendor_id, customer_id, class_id`)) as {
      rows: (Omit<OwnAnswers, 'total' | 'recent' | 'books'> & { merchantKey: string; deposit: boolean; total: number; recent: number; books: number })[];
    };
    for (const r of rows) out.push({ ...r, total: Number(r.total), recent: Number(r.recent), books: Number(r.books) });
  }
  return out;
};

/**
 * Other client companies of the same firm: per company, merchant and direction, how many answered
 * lines chose each account (by its name and type). Read only by the ranking, which maps them to this
 * company's own chart; nothing here reaches an answer.
 */
export const firmAnswers = async (db: Db, firmId: number, companyPk: number, merchantKeys: string[]) => {
  const out: (FirmAnswers & { merchantKey: string; deposit: boolean })[] = [];
  for (const keys of chunks(merchantKeys)) {
    const rows = await db
      .select({
        companyPk: transactions.clientCompanyId,
        merchantKey: transactions.merchantKey,
        deposit: isDeposit,
        accountName: ledgerAccounts.name,
        accountType: ledgerAccounts.accountType,
        n: sql<number>`count(*)::int`,
      })
      .from(transactions)
      .innerJoin(clientCompanies, and(eq(clientCompanies.pk, transactions.clientCompanyId), eq(clientCompanies.firmId, firmId)))
      .innerJoin(transactionLines, eq(transactionLines.transactionId, transactions.pk))
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.pk, transactionLines.categoryId), eq(ledgerAccounts.clientCompanyId, transactions.clientCompanyId)))
      .where(and(ofMerchants(keys), ne(transactions.clientCompanyId, companyPk), inArray(transactions.status, ANSWERED_STATUSES)))
      .groupBy(transactions.clientCompanyId, transactions.merchantKey, isDeposit, ledgerAccounts.name, ledgerAccounts.accountType);
    for (const r of rows) out.push({ ...r, merchantKey: r.merchantKey!, n: Number(r.n) });
  }
  return out;
};

export const companyAccounts = (db: Db, companyPk: number): Promise<Account[]> =>
  db
    .select({ pk: ledgerAccounts.pk, name: ledgerAccounts.name, accountType: ledgerAccounts.accountType, active: ledgerAccounts.active })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientCompanyId, companyPk));

/**
 * Replaces the suggestions of the company's transactions in scope (those of some merchants, or all),
 * in one database transaction: a list never reads half a refresh.
 */
export const replaceSuggestions = (
  db: Db,
  companyPk: number,
  merchantKeys: string[] | null,
  suggestions: { transactionId: number; suggestion: Suggestion & { ruleId?: number } }[],
) =>
  db.transaction(async (tx) => {
    if (merchantKeys === null) await tx.delete(transactionSuggestions).where(eq(transactionSuggestions.clientCompanyId, companyPk));
    for (const keys of merchantKeys ? chunks(merchantKeys) : []) {
      const inScope = tx
        .select({ pk: transactions.pk })
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.merchantKey, keys)));
      await tx.delete(transactionSuggestions).where(and(eq(transactionSuggestions.clientCompanyId, companyPk), inArray(transactionSuggestions.transactionId, inScope)));
    }
    const computedAt = new Date();
    for (const part of chunks(suggestions, 500)) {
      await tx
        .insert(transactionSuggestions)
        .values(
          part.map(({ transactionId, suggestion }) => ({ transactionId, clientCompanyId: companyPk, ...suggestion, ruleId: suggestion.ruleId ?? null, computedAt })),
        )
        .onConflictDoUpdate({
          target: transactionSuggestions.transactionId,
          set: {
            categoryId: sql`excluded.category_id`,
            vendorId: sql`excluded.vendor_id`,
            customerId: sql`excluded.customer_id`,
            classId: sql`excluded.class_id`,
            source: sql`excluded.source`,
            confidence: sql`excluded.confidence`,
            why: sql`excluded.why`,
            ruleId: sql`excluded.rule_id`,
            computedAt,
          },
        });
    }
  });

const vendor = aliasedTable(ledgerRefs, 'suggested_vendor');
const customer = aliasedTable(ledgerRefs, 'suggested_customer');
const klass = aliasedTable(ledgerRefs, 'suggested_class');

/** The stored suggestions of some transactions of one company, with the names they point at. */
export const loadSuggestions = (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([])
    : db
        .select({
          transactionId: transactionSuggestions.transactionId,
          categoryId: transactionSuggestions.categoryId,
          categoryName: ledgerAccounts.name,
          vendorId: transactionSuggestions.vendorId,
          vendorName: vendor.name,
          customerId: transactionSuggestions.customerId,
          customerName: customer.name,
          classId: transactionSuggestions.classId,
          className: klass.name,
          source: transactionSuggestions.source,
          confidence: transactionSuggestions.confidence,
          why: transactionSuggestions.why,
          ruleId: transactionSuggestions.ruleId,
        })
        .from(transactionSuggestions)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.pk, transactionSuggestions.categoryId))
        .leftJoin(vendor, eq(vendor.pk, transactionSuggestions.vendorId))
        .leftJoin(customer, eq(customer.pk, transactionSuggestions.customerId))
        .leftJoin(klass, eq(klass.pk, transactionSuggestions.classId))
        .where(and(eq(transactionSuggestions.clientCompanyId, companyPk), inArray(transactionSuggestions.transactionId, pks)));

export type StoredSuggestion = Awaited<ReturnType<typeof loadSuggestions>>[number];

/** What an answer is judged against: each transaction's suggested category and where it came from, without the names. */
export const loadSuggestedCategories = (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([])
    : db
        .select({
          transactionId: transactionSuggestions.transactionId,
          categoryId: transactionSuggestions.categoryId,
          source: transactionSuggestions.source,
          ruleId: transactionSuggestions.ruleId,
        })
        .from(transactionSuggestions)
        .where(and(eq(transactionSuggestions.clientCompanyId, companyPk), inArray(transactionSuggestions.transactionId, pks)));

export type SuggestedCategory = Awaited<ReturnType<typeof loadSuggestedCategories>>[number];
