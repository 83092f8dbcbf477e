import { and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../../db/prepared.js';
import {
  clientMemberships,
  files,
  ledgerAccounts,
  ledgerRefs,
  notes,
  syncErrors,
  transactionAttachments,
  transactionLines,
  transactionSuggestions,
  transactions,
} from '../../../db/schema/index.js';
import type { StoredSuggestion } from '../suggestions/suggestions.face.js';

/**
 * What a list row shows beyond the transaction's own columns, read in the same
 * statement as the row: a page costs one round trip for its rows, whatever they
 * carry.
 */

export interface DetailLine {
  pk: number;
  amount: string;
  description: string;
  billable: 'BILLABLE' | 'NOT_BILLABLE' | null;
  refs: Record<'category' | 'vendor' | 'customer' | 'class' | 'location' | 'tax' | 'tracking_option_one' | 'tracking_option_two', { pk: number; name: string } | null>;
}

export interface Details {
  pk: number;
  paymentAccountName: string | null;
  watchedAccountName: string | null;
  notesCount: number;
  lines: DetailLine[];
  /** `addedByClient`: its uploader is a client user of the company (what a client may remove). */
  attachments: { pk: number; file: number; name: string; content_type: string; addedByClient: boolean }[];
  syncErrors: { pk: number; message: string; created_at: string }[];
  /** The stored suggestion of a row waiting for an answer (READY), else null. */
  suggestion: StoredSuggestion | null;
}

/** `{pk, name}` of a line's reference, or null: built in SQL so a page needs no follow-up queries. */
const refJson = (column: string, table: 'ledger_accounts' | 'ledger_refs') =>
  sql.raw(`case when l.${column} is null then null else json_build_object('pk', l.${column}, 'name', (select r.name from ${table} r where r.pk = l.${column})) end`);

// Qualified by hand: in a one-table select Drizzle writes bare column names, which the subqueries below would take for their own.
const tx = (column: 'pk' | 'payment_account_id' | 'watched_account_id' | 'client_company_id' | 'status') => sql.raw(`"transactions"."${column}"`);

/**
 * Everything a transaction shows besides its own columns (lines with the names
 * they point at, attachments, open sync errors, account names, note count, the
 * stored suggestion of a row waiting for an answer) as
 * one JSON value computed beside its row, so a page costs no follow-up
 * queries: round trips, not SQL, dominate a list request.
 */
export const details = sql<Details | string>`json_build_object(
    'pk', ${tx('pk')},
    'paymentAccountName', (select a.name from ${ledgerAccounts} a where a.pk = ${tx('payment_account_id')}),
    'watchedAccountName', (select a.name from ${ledgerAccounts} a where a.pk = ${tx('watched_account_id')}),
    'notesCount', (select count(*) from ${notes} n where n.target_type = 'TRANSACTION' and n.target_pk = ${tx('pk')}),
    'lines', coalesce((select json_agg(json_build_object(
        'pk', l.pk, 'amount', l.amount::text, 'description', l.description, 'billable', l.billable,
        'refs', json_build_object(
          'category', ${refJson('category_id', 'ledger_accounts')},
          'vendor', ${refJson('vendor_id', 'ledger_refs')},
          'customer', ${refJson('customer_id', 'ledger_refs')},
          'class', ${refJson('class_id', 'ledger_refs')},
          'location', ${refJson('location_id', 'ledger_refs')},
          'tax', ${refJson('tax_id', 'ledger_refs')},
          'tracking_option_one', ${refJson('tracking_option_one_id', 'ledger_refs')},
          'tracking_option_two', ${refJson('tracking_option_two_id', 'ledger_refs')}))
      order by l.position) from ${transactionLines} l where l.transaction_id = ${tx('pk')}), '[]'::json),
    'attachments', coalesce((select json_agg(json_build_object('pk', ta.pk, 'file', f.pk, 'name', f.name, 'content_type', f.content_type,
        'addedByClient', exists(select 1 from ${clientMemberships} cm where cm.client_company_id = ${tx('client_company_id')} and cm.user_id = ta.created_by)) order by ta.pk)
      from ${transactionAttachments} ta join ${files} f on f.pk = ta.file_id where ta.transaction_id = ${tx('pk')}), '[]'::json),
    'syncErrors', coalesce((select json_agg(json_build_object('pk', e.pk, 'message', e.message, 'created_at', e.created_at) order by e.pk)
      from ${syncErrors} e where e.transaction_id = ${tx('pk')} and e.cleared_at is null), '[]'::json),
    'suggestion', case when ${tx('status')} = 'READY' then (select json_build_object(
        'transactionId', s.transaction_id, 'categoryId', s.category_id, 'categoryName', c.name,
        'vendorId', s.vendor_id, 'vendorName', (select r.name from ${ledgerRefs} r where r.pk = s.vendor_id),
        'customerId', s.customer_id, 'customerName', (select r.name from ${ledgerRefs} r where r.pk = s.customer_id),
        'classId', s.class_id, 'className', (select r.name from ${ledgerRefs} r where r.pk = s.class_id),
        'source', s.source, 'confidence', s.confidence, 'why', s.why, 'ruleId', s.rule_id)
      from ${transactionSuggestions} s join ${ledgerAccounts} c on c.pk = s.category_id where s.transaction_id = ${tx('pk')}) end)`;

// Some drivers hand json back as text.
export const parseDetails = (value: Details | string): Details => (typeof value === 'string' ? (JSON.parse(value) as Details) : value);

const rowsWithDetailsStatement = preparedPerDb((db) =>
  db
    .select({ row: transactions, details })
    .from(transactions)
    // The company is checked on each row found by pk (`+ 0` keeps its column out of the index choice): as an
    // indexed condition, the generic plan walked the company's list index instead of fetching ten rows by pk.
    .where(and(sql`${transactions.pk} = any(${sql.placeholder('pks')}::integer[])`, sql`${transactions.clientCompanyId} + 0 = ${sql.placeholder('companyPk')}`))
    .prepare('herd_rows_with_details'),
);

/**
 * Rows with their details, by pk, in the order asked. One statement text for
 * any number of pks (an array parameter), prepared once per connection:
 * planning its dozen subqueries cost three times running them.
 */
export const rowsWithDetails = async (db: Db, companyPk: number, pks: number[]) => {
  if (pks.length === 0) return [];
  const found = await rowsWithDetailsStatement(db).execute({ companyPk, pks: arrayLiteral(pks) });
  const byPk = new Map(found.map((f) => [f.row.pk, f]));
  return pks.flatMap((pk) => {
    const hit = byPk.get(pk);
    return hit ? [{ row: hit.row, details: parseDetails(hit.details) }] : [];
  });
};

/** The details of some of a company's transactions (match them by pk). */
export const loadDetails = async (db: Db, companyPk: number, txPks: number[]): Promise<Details[]> => (await rowsWithDetails(db, companyPk, txPks)).map((r) => r.details);
