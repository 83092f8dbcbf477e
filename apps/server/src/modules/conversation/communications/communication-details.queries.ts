import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CommunicationFileRole, CommunicationItemAnswerKind, W9TaxClassification, W9TinKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../../db/prepared.js';
import {
  clientCompanies,
  communicationFiles,
  communicationItems,
  communications,
  communicationW9s,
  files,
  notes,
  requestArrivalNotices,
  users,
} from '../../../db/schema/index.js';

// What a communication's answer shows besides its own row, read for a page of rows at once; every read names the firm.

/** A timestamp as the API writes it (UTC, milliseconds, `Z`), formatted by the database inside JSON. */
const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A file as the API shows it, but for its URL (made from its pk). */
export interface DetailFile {
  pk: number;
  name: string;
  content_type: string;
  size: number;
  created_at: string;
}

/** Everything a communication's answer shows besides its own row. */
export interface CommunicationDetails {
  company_name: string;
  author: { pk: number; first_name: string | null; last_name: string | null; email: string } | null;
  items: { pk: number; label: string; answer_kind: CommunicationItemAnswerKind; required: boolean; answer_text: string; answered_at: string | null }[];
  files: { role: CommunicationFileRole; item_id: number | null; file: DetailFile }[];
  w9: {
    legal_name: string;
    business_name: string;
    tax_classification: W9TaxClassification | null;
    address_line: string;
    city: string;
    state: string;
    postal_code: string;
    tin_kind: W9TinKind | null;
    tin_last4: string | null;
    submitted_at: string;
    signed_form: DetailFile | null;
  } | null;
  notes_count: number;
  /** The client's people whose email about it failed and waits for a retry. */
  undelivered: number;
}

const fileJson = (f: string) =>
  sql
    .raw(`json_build_object('pk', ${f}.pk, 'name', ${f}.name, 'content_type', ${f}.content_type, 'size', ${f}.size, 'created_at', `)
    .append(sql`${isoSql(sql.raw(`${f}.created_at`))})`);

/** A column of the statement's communication, qualified: in a single-table select the ORM leaves columns bare, and each subquery has its own `pk`. */
const c = (column: 'pk' | 'firm_id' | 'client_company_id' | 'author_id') => sql.raw(`"communications"."${column}"`);

/** The details of the communication of the statement's row, each part a JSON aggregate; files and the company are read within its firm. */
const details = sql<CommunicationDetails | string>`json_build_object(
  'company_name', (select cc.name from ${clientCompanies} cc where cc.firm_id = ${c('firm_id')} and cc.pk = ${c('client_company_id')}),
  'author', (select json_build_object('pk', u.pk, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email) from ${users} u where u.pk = ${c('author_id')}),
  'items', coalesce((select json_agg(json_build_object('pk', i.pk, 'label', i.label, 'answer_kind', i.answer_kind, 'required', i.required,
      'answer_text', i.answer_text, 'answered_at', ${isoSql(sql.raw('i.answered_at'))}) order by i.position)
    from ${communicationItems} i where i.communication_id = ${c('pk')}), '[]'::json),
  'files', coalesce((select json_agg(json_build_object('role', cf.role, 'item_id', cf.item_id, 'file', ${fileJson('f')}) order by cf.pk)
    from ${communicationFiles} cf join ${files} f on f.pk = cf.file_id and f.firm_id = ${c('firm_id')} where cf.communication_id = ${c('pk')}), '[]'::json),
  'w9', (select json_build_object('legal_name', w.legal_name, 'business_name', w.business_name, 'tax_classification', w.tax_classification,
      'address_line', w.address_line, 'city', w.city, 'state', w.state, 'postal_code', w.postal_code, 'tin_kind', w.tin_kind,
      'tin_last4', w.tin_last4, 'submitted_at', ${isoSql(sql.raw('w.submitted_at'))},
      'signed_form', (select ${fileJson('sf')} from ${files} sf where sf.pk = w.signed_form_file_id and sf.firm_id = ${c('firm_id')}))
    from ${communicationW9s} w where w.communication_id = ${c('pk')}),
  'notes_count', (select count(*)::int from ${notes} n where n.firm_id = ${c('firm_id')} and n.target_type = 'COMMUNICATION' and n.target_pk = ${c('pk')}),
  'undelivered', (select count(*)::int from ${requestArrivalNotices} a where a.communication_id = ${c('pk')} and a.settled_at is null and a.error <> ''))`;

const rowsWithDetailsStatement = preparedPerDb((db) =>
  db
    .select({ row: communications, details })
    .from(communications)
    // The firm is checked on each row found by pk (`+ 0` keeps its column out of the index choice of the generic plan).
    .where(and(sql`${communications.pk} = any(${sql.placeholder('pks')}::integer[])`, sql`${c('firm_id')} + 0 = ${sql.placeholder('firmId')}`))
    .prepare('herd_communications_with_details'),
);

// Some drivers hand json back as text.
const parseDetails = (value: CommunicationDetails | string): CommunicationDetails => (typeof value === 'string' ? (JSON.parse(value) as CommunicationDetails) : value);

/**
 * The firm's communications with these pks and their details, in the order
 * asked (a pk of another firm is not found). One statement text for any
 * number of pks, prepared once per connection: planning its subqueries cost
 * more than running them, and a list is as many round trips as statements.
 */
export const communicationsWithDetails = async (db: Db, firmId: number, pks: number[]) => {
  if (pks.length === 0) return [];
  const found = await rowsWithDetailsStatement(db).execute({ firmId, pks: arrayLiteral(pks) });
  const byPk = new Map(found.map((f) => [f.row.pk, f]));
  return pks.flatMap((pk) => {
    const hit = byPk.get(pk);
    return hit ? [{ row: hit.row, details: parseDetails(hit.details) }] : [];
  });
};

/** Whether a communication (not hidden) of one of these companies of the firm holds the file: shared, an answer or a signed W-9. */
export const fileInCommunications = async (db: Db, firmId: number, companyPks: number[], filePk: number) => {
  if (companyPks.length === 0) return false;
  const [row] = await db
    .select({ pk: communicationFiles.pk })
    .from(communicationFiles)
    .innerJoin(communications, eq(communications.pk, communicationFiles.communicationId))
    .where(
      and(
        eq(communicationFiles.fileId, filePk),
        eq(communications.firmId, firmId),
        inArray(communications.clientCompanyId, companyPks),
        eq(communications.isHidden, false),
      ),
    )
    .limit(1);
  return row !== undefined;
};
