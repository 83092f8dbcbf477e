import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  clientCompanies,
  clientCompanyAssignments,
  clientMemberships,
  communications,
  documents,
  notes,
  receiptMatches,
  receipts,
  transactionCounts,
  transactions,
  users,
} from '../../../db/schema/index.js';

/** Whose clients a digest speaks of: the member's firm, and whether they see every client or only those assigned to them. */
export interface DigestViewer {
  firmId: number;
  memberPk: number;
  seesAllClients: boolean;
}

/** The companies the member may see, by the rule of `companyAccess`: every client of the firm, or those assigned. */
const visibleCompanies = (v: DigestViewer): SQL =>
  v.seesAllClients
    ? sql`(select c.pk from ${clientCompanies} c where c.firm_id = ${v.firmId})`
    : sql`(select c.pk from ${clientCompanies} c join ${clientCompanyAssignments} a on a.client_company_id = c.pk
        where c.firm_id = ${v.firmId} and a.firm_member_id = ${v.memberPk})`;

/** `user` is one of the company's client users: what the firm's people did themselves is not news to them. */
const byClientOf = (company: SQL, user: SQL) => sql`exists (select 1 from ${clientMemberships} m where m.client_company_id = ${company} and m.user_id = ${user})`;

export type DigestCount = 'answered' | 'receipts_arrived' | 'receipts_matched' | 'documents_added' | 'to_review' | 'sync_errors' | 'awaiting_acceptance';

/**
 * Every count of the digest, per company, in one statement: what clients did in the window (transactions
 * answered, receipts handed over, receipts matched, files added to the documents) and what waits on the firm now (answers to review,
 * publishes the ledger refused, requests waiting to be accepted). Companies with nothing are absent.
 */
export const digestCounts = async (db: Db, v: DigestViewer, since: Date, until: Date) => {
  const companies = visibleCompanies(v);
  const from = since.toISOString();
  const to = until.toISOString();
  const result = (await db.execute(sql`
    select x.client_company_id as company, 'answered' as what, count(*)::int as n from ${transactions} x
      where x.client_company_id in ${companies} and x.categorized_at > ${from}::timestamptz and x.categorized_at <= ${to}::timestamptz
        and ${byClientOf(sql`x.client_company_id`, sql`x.categorized_by`)}
      group by 1
    union all
    select r.client_company_id, 'receipts_arrived', count(*)::int from ${receipts} r
      where r.firm_id = ${v.firmId} and r.client_company_id in ${companies} and r.created_at > ${from}::timestamptz and r.created_at <= ${to}::timestamptz
        and ${byClientOf(sql`r.client_company_id`, sql`r.uploaded_by`)}
      group by 1
    union all
    select r.client_company_id, 'receipts_matched', count(distinct r.pk)::int from ${receiptMatches} rm join ${receipts} r on r.pk = rm.receipt_id
      where r.firm_id = ${v.firmId} and r.client_company_id in ${companies} and rm.state = 'ACCEPTED'
        and rm.updated_at > ${from}::timestamptz and rm.updated_at <= ${to}::timestamptz
      group by 1
    union all
    select d.client_company_id, 'documents_added', count(*)::int from ${documents} d
      where d.firm_id = ${v.firmId} and d.client_company_id in ${companies} and d.kind = 'FILE' and d.added_by_client and d.deleted_at is null
        and d.created_at > ${from}::timestamptz and d.created_at <= ${to}::timestamptz
      group by 1
    union all
    select tc.client_company_id, case when tc.status = 'FINISHED_IN_HERD' then 'to_review' else 'sync_errors' end, sum(tc.n)::int from ${transactionCounts} tc
      where tc.client_company_id in ${companies} and not tc.is_hidden and tc.status in ('FINISHED_IN_HERD', 'SYNC_ERROR') and tc.n > 0
      group by 1, 2
    union all
    select c.client_company_id, 'awaiting_acceptance', count(*)::int from ${communications} c
      where c.firm_id = ${v.firmId} and c.client_company_id in ${companies} and not c.is_hidden and c.status = 'READY'
      group by 1`)) as { rows: { company: number; what: DigestCount; n: number }[] };
  return result.rows.map((r) => ({ company: Number(r.company), what: r.what, n: Number(r.n) }));
};

/** How many lines of each kind a company's part lists; the rest are counted. */
export const LISTED_PER_KIND = 3;

export type DigestListKind = 'request_answered' | 'request_created' | 'note';

/**
 * The lines the digest names, per company and kind, the newest first and at most `LISTED_PER_KIND` of each,
 * with how many there were in all: requests clients answered, communications clients sent, and notes
 * clients wrote (author and text). One statement.
 */
export const digestLines = async (db: Db, v: DigestViewer, since: Date, until: Date) => {
  const companies = visibleCompanies(v);
  const from = since.toISOString();
  const to = until.toISOString();
  const result = (await db.execute(sql`
    select company, kind, who, line, total::int as total from (
      select c.client_company_id as company, 'request_answered' as kind, '' as who, c.subject as line,
        count(*) over (partition by c.client_company_id) as total,
        row_number() over (partition by c.client_company_id order by c.answered_at desc, c.pk desc) as rank
      from ${communications} c
      where c.firm_id = ${v.firmId} and c.client_company_id in ${companies} and c.answered_at > ${from}::timestamptz and c.answered_at <= ${to}::timestamptz
        and ${byClientOf(sql`c.client_company_id`, sql`c.answered_by`)}
      union all
      select c.client_company_id, 'request_created', '', c.subject,
        count(*) over (partition by c.client_company_id),
        row_number() over (partition by c.client_company_id order by c.created_at desc, c.pk desc)
      from ${communications} c
      where c.firm_id = ${v.firmId} and c.client_company_id in ${companies} and c.sender = 'CLIENT' and not c.is_hidden
        and c.created_at > ${from}::timestamptz and c.created_at <= ${to}::timestamptz
      union all
      select n.client_company_id, 'note', trim(concat_ws(' ', u.first_name, u.last_name)), n.body,
        count(*) over (partition by n.client_company_id),
        row_number() over (partition by n.client_company_id order by n.created_at desc, n.pk desc)
      from ${notes} n join ${users} u on u.pk = n.author_id
      where n.firm_id = ${v.firmId} and n.client_company_id in ${companies} and n.sender_kind = 'CLIENT'
        and n.created_at > ${from}::timestamptz and n.created_at <= ${to}::timestamptz
        and ${byClientOf(sql`n.client_company_id`, sql`n.author_id`)}
    ) listed where rank <= ${LISTED_PER_KIND}
    order by company, kind, rank`)) as { rows: { company: number; kind: DigestListKind; who: string; line: string; total: number }[] };
  return result.rows.map((r) => ({ ...r, company: Number(r.company), total: Number(r.total) }));
};

/** The names of the companies the digest speaks of, and those of the member's clients whose ledger asks to be reconnected. */
export const digestCompanies = (db: Db, v: DigestViewer, mentioned: number[]) =>
  db
    .select({ pk: clientCompanies.pk, name: clientCompanies.name, needsReauth: sql<boolean>`${clientCompanies.connectionState} = 'NEEDS_REAUTH'` })
    .from(clientCompanies)
    .where(
      and(
        eq(clientCompanies.firmId, v.firmId),
        sql`${clientCompanies.pk} in ${visibleCompanies(v)}`,
        sql`(${clientCompanies.connectionState} = 'NEEDS_REAUTH' or ${clientCompanies.pk} = any(${`{${mentioned.join(',')}}`}::int[]))`,
      ),
    )
    .orderBy(sql`lower(${clientCompanies.name})`, clientCompanies.pk);
