import type { ExecuteSql } from '../src/db/client.js';

/**
 * Puts a test database back to the state it was copied in, so that one database can serve many
 * test files one after the other: opening a fresh copy of the template cost each file about
 * 0.6 s of CPU on PGlite, more than emptying the tables and putting the template's rows back.
 *
 * What "the same state" covers, and how each part is checked or restored:
 * - the schema (tables and their columns, functions, triggers, constraints, types, roles): a
 *   fingerprint taken when the database was opened; a file that changed any of it gives its
 *   database up, and the next file gets a fresh copy;
 * - the rows: every table with rows is emptied and the template's rows (the migrations' journal,
 *   the job queue's queues and whatever the migrations seeded) written back, with triggers and
 *   foreign-key checks off for that moment, as a restore does;
 * - the sequences: set back to the values they had;
 * - the session (settings, prepared statements, temporary tables, advisory locks): discarded.
 */

/** Schemas that are PostgreSQL's own, and the one holding the template's rows. */
const SNAPSHOT_SCHEMA = 'herd_test_template_rows';
const OWN_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', '${SNAPSHOT_SCHEMA}')`;

/** Everything a test could change in the schema, as one text; equal texts mean the same schema. */
const FINGERPRINT = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as fingerprint from (
    select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || coalesce((
      select string_agg(a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text || ':' || a.attgenerated::text, ',' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ${OWN_SCHEMAS} and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
    union all
    select 'fn ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(coalesce(p.prosrc, ''))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ${OWN_SCHEMAS}
    union all
    select 'trigger ' || t.tgrelid::regclass || '.' || t.tgname || ' ' || t.tgenabled::text || ' ' || pg_get_triggerdef(t.oid)
    from pg_trigger t where not t.tgisinternal
    union all
    select 'constraint ' || c.conrelid::regclass || '.' || c.conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname not in ${OWN_SCHEMAS}
    union all
    select 'type ' || n.nspname || '.' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname not in ${OWN_SCHEMAS} and t.typtype in ('e', 'd', 'c') and not exists (select 1 from pg_class c where c.reltype = t.oid)
    union all
    select 'role ' || rolname from pg_roles
    union all
    select 'extension ' || extname from pg_extension
  ) items`;

/** The tables that hold rows (partitions rather than their parents), with the columns a restore may write. */
const TABLES = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
    (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ${OWN_SCHEMAS} and n.nspname not like 'pg_temp%'
  order by 1`;

const SEQUENCES = `
  select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value
  from pg_sequences where schemaname not in ${OWN_SCHEMAS}`;

interface Table {
  name: string;
  columns: string;
}

export interface DatabaseSnapshot {
  fingerprint: string;
  tables: Table[];
  /** The tables that had rows, each with its copy in the snapshot schema. */
  seeded: { table: Table; copy: string }[];
  sequences: { name: string; value: string | null }[];
}

const fingerprintOf = async (executeSql: ExecuteSql) => String((await executeSql(FINGERPRINT)).rows[0]?.fingerprint);

const tablesWithRows = async (executeSql: ExecuteSql, tables: Table[]): Promise<Set<string>> => {
  if (tables.length === 0) return new Set();
  const probe = tables.map((t, i) => `select ${i} as i where exists (select 1 from ${t.name})`).join(' union all ');
  const rows = (await executeSql(probe)).rows as { i: number }[];
  return new Set(rows.map((r) => tables[Number(r.i)]!.name));
};

/** Notes the database's schema, rows and sequences as they are now: the state `resetTo` puts back. */
export const takeSnapshot = async (executeSql: ExecuteSql): Promise<DatabaseSnapshot> => {
  const tables = (await executeSql(TABLES)).rows.map((r) => ({ name: String(r.name), columns: String(r.columns) }));
  const withRows = await tablesWithRows(executeSql, tables);
  const seeded = tables.filter((t) => withRows.has(t.name)).map((table, i) => ({ table, copy: `${SNAPSHOT_SCHEMA}.t${i}` }));
  await executeSql(
    [`create schema ${SNAPSHOT_SCHEMA};`, ...seeded.map(({ table, copy }) => `create table ${copy} as select ${table.columns} from ${table.name};`)].join('\n'),
  );
  const sequences = (await executeSql(SEQUENCES)).rows.map((r) => ({ name: String(r.name), value: r.value === null ? null : String(r.value) }));
  return { fingerprint: await fingerprintOf(executeSql), tables, seeded, sequences };
};

/**
 * Puts the rows and sequences back as the snapshot has them; answers false, leaving the rows as they are,
 * when the schema is no longer the snapshot's (the database is then not fit to reuse).
 */
export const resetTo = async (executeSql: ExecuteSql, snapshot: DatabaseSnapshot): Promise<boolean> => {
  // A file may leave a transaction open or a setting changed; the session starts over (each on its
  // own: DISCARD cannot run in the implicit transaction of several statements).
  await executeSql('rollback');
  await executeSql('discard all');
  if ((await fingerprintOf(executeSql)) !== snapshot.fingerprint) return false;
  const dirty = await tablesWithRows(executeSql, snapshot.tables);
  const statements = [
    'begin;',
    // As pg_restore does: no trigger runs and no foreign key is checked while the rows go back.
    'set local session_replication_role = replica;',
    // Emptied as a new copy is, not row by row: a later file's rows then sit where they would in a new
    // copy, so a query without an order gives what it gave there. CASCADE reaches only tables that
    // point at these, and any of those holding rows is in the list already.
    ...(dirty.size > 0 ? [`truncate ${[...dirty].join(', ')} cascade;`] : []),
    ...snapshot.seeded.map(({ table, copy }) => `insert into ${table.name} (${table.columns}) overriding system value select * from ${copy};`),
    ...snapshot.sequences.map(({ name, value }) => (value === null ? `alter sequence ${name} restart;` : `select setval('${name}', ${value});`)),
    'commit;',
  ];
  await executeSql(statements.join('\n'));
  return true;
};
