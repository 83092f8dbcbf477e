import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, ledgerConnections, type PullProgress } from '../../db/schema/index.js';
import type { QboApi, QboEntity } from './qbo-api.js';
import { applyTransactionPage, type ApplyCounts } from './qbo-apply.js';
import { loadLookups } from './qbo-lookups.js';
import { REF_ENTITY_NAMES, upsertReferencePage, type RefEntity } from './qbo-refs.js';
import { TRANSACTION_ENTITIES, type TransactionEntity } from './qbo-transaction-map.js';
import type { ConnectionRow } from './qbo-session.js';

/** CDC looks back at most 30 days and answers at most 1,000 objects; past either, read the lists. */
const CDC_LOOKBACK_MS = 29 * 24 * 60 * 60 * 1000;
const CDC_CAP = 1000;
/** Changes stamped just before the previous pull started may not have been visible to it. */
const OVERLAP_MS = 5 * 60 * 1000;
const DEFAULT_HISTORY_DAYS = 90;

export interface PullResult extends ApplyCounts {
  requests: number;
  via: 'cdc' | 'query';
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const quote = (value: string) => `'${value.replace(/'/g, "\\'")}'`;

/** The connection's own row, and only while it still belongs to the company it was read with. */
const ownRow = (connection: Pick<ConnectionRow, 'pk' | 'clientCompanyId'>) =>
  and(eq(ledgerConnections.pk, connection.pk), eq(ledgerConnections.clientCompanyId, connection.clientCompanyId));

const saveProgress = (db: Db, connection: ConnectionRow, progress: PullProgress) =>
  db.update(ledgerConnections).set({ pullProgress: progress, updatedAt: new Date() }).where(ownRow(connection));

/**
 * One pull of one company: reference lists first (transactions point at
 * them), then every transaction list. Progress is saved after each page, so
 * a pull cut short resumes where it stopped; pages are applied idempotently,
 * so re-reading one costs requests, never duplicates.
 */
export const pullCompany = async (db: Db, api: QboApi, connection: ConnectionRow, now = new Date()): Promise<PullResult> => {
  const [company] = await db.select().from(clientCompanies).where(eq(clientCompanies.pk, connection.clientCompanyId));
  if (!company) throw new Error(`Client company ${connection.clientCompanyId} is gone`);
  const startRequests = api.requests;
  const totals: ApplyCounts = { created: 0, updated: 0, matched: 0, cancelled: 0 };
  const add = (c: ApplyCounts) => {
    for (const key of Object.keys(totals) as (keyof ApplyCounts)[]) totals[key] += c[key];
  };

  const progress: PullProgress = connection.pullProgress ?? { startedAt: now.toISOString(), mode: connection.pullMode, done: [], current: null };
  const since = connection.pulledUpTo ? new Date(connection.pulledUpTo.getTime() - OVERLAP_MS) : null;
  const syncDate = company.syncDate ?? isoDate(new Date(now.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000));

  if (progress.mode === 'INCREMENTAL' && since && now.getTime() - since.getTime() < CDC_LOOKBACK_MS && !progress.current) {
    const changed = await api.changedSince([...REF_ENTITY_NAMES, ...TRANSACTION_ENTITIES], since);
    const total = Object.values(changed).reduce((n, rows) => n + rows.length, 0);
    if (total < CDC_CAP) {
      for (const entity of REF_ENTITY_NAMES) await upsertReferencePage(db, company.pk, entity, changed[entity] ?? []);
      const lookups = await loadLookups(db, company.pk);
      for (const entity of TRANSACTION_ENTITIES) {
        const rows = (changed[entity] ?? []).filter((row: QboEntity) => row.status === 'Deleted' || String(row.TxnDate ?? '') >= syncDate);
        add(await applyTransactionPage(db, company.pk, entity, rows, lookups, { firmId: company.firmId }));
      }
      await finish(db, connection, progress.startedAt);
      return { ...totals, requests: api.requests - startRequests, via: 'cdc' };
    }
  }

  const changedFilter = progress.mode === 'INCREMENTAL' && since ? ` AND MetaData.LastUpdatedTime >= ${quote(since.toISOString())}` : '';
  for (const entity of REF_ENTITY_NAMES) {
    if (progress.done.includes(entity)) continue;
    // Inactive entries too: a transaction may still point at them.
    await readList(api, `SELECT * FROM ${entity} WHERE Active IN (true, false)${changedFilter}`, entity, progress, async (rows) => {
      await upsertReferencePage(db, company.pk, entity as RefEntity, rows);
      await saveProgress(db, connection, progress);
    });
  }
  const lookups = await loadLookups(db, company.pk);
  for (const entity of TRANSACTION_ENTITIES) {
    if (progress.done.includes(entity)) continue;
    await readList(api, `SELECT * FROM ${entity} WHERE TxnDate >= ${quote(syncDate)}${changedFilter}`, entity, progress, async (rows) => {
      add(await applyTransactionPage(db, company.pk, entity, rows, lookups, { firmId: company.firmId, onlyNew: progress.mode === 'MISSING' }));
      await saveProgress(db, connection, progress);
    });
  }
  await finish(db, connection, progress.startedAt);
  return { ...totals, requests: api.requests - startRequests, via: 'query' };
};

/** Reads one list from where the saved progress says, recording each page before moving on. */
const readList = async (api: QboApi, statement: string, entity: string, progress: PullProgress, apply: (rows: QboEntity[]) => Promise<void>) => {
  const start = progress.current?.entity === entity ? progress.current.position : 1;
  for await (const page of api.queryPages(statement, start)) {
    progress.current = { entity, position: page.next };
    await apply(page.rows);
  }
  progress.done.push(entity as RefEntity | TransactionEntity);
  progress.current = null;
};

const finish = (db: Db, connection: ConnectionRow, startedAt: string) =>
  db
    .update(ledgerConnections)
    .set({
      pulledUpTo: new Date(startedAt),
      pullMode: 'INCREMENTAL',
      pullProgress: null,
      syncState: 'IDLE',
      lastSyncedAt: new Date(),
      lastSyncError: null,
      updatedAt: new Date(),
    })
    .where(ownRow(connection));
