import { and, asc, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { KarbonSettings } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { karbonClientSettings, karbonDirectory, karbonEvents, karbonImportedFiles, karbonInstances, karbonMappings } from '../../../db/schema/index.js';

export type KarbonInstanceRow = typeof karbonInstances.$inferSelect;
export type KarbonEventRow = typeof karbonEvents.$inferSelect;
export type KarbonDirectoryRow = typeof karbonDirectory.$inferSelect;

export const findInstance = async (db: Db, firmId: number) => {
  const [row] = await db.select().from(karbonInstances).where(eq(karbonInstances.firmId, firmId));
  return row ?? null;
};

export const findInstanceByWebhookToken = async (db: Db, token: string) => {
  const [row] = await db.select().from(karbonInstances).where(eq(karbonInstances.webhookToken, token));
  return row ?? null;
};

export const insertInstance = async (db: Db, values: typeof karbonInstances.$inferInsert) => {
  const [row] = await db.insert(karbonInstances).values(values).returning();
  return row!;
};

export const updateInstance = (db: Db, firmId: number, values: Partial<typeof karbonInstances.$inferInsert>) =>
  db
    .update(karbonInstances)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(karbonInstances.firmId, firmId));

/** Forgets the firm's Karbon: the keys, the mappings, the directory read and what was still owed. */
export const deleteInstance = async (db: Db, firmId: number) => {
  await db.delete(karbonEvents).where(eq(karbonEvents.firmId, firmId));
  await db.delete(karbonMappings).where(eq(karbonMappings.firmId, firmId));
  await db.delete(karbonDirectory).where(eq(karbonDirectory.firmId, firmId));
  await db.delete(karbonInstances).where(eq(karbonInstances.firmId, firmId));
};

export const findClientOverrides = async (db: Db, companyPk: number): Promise<Partial<KarbonSettings>> => {
  const [row] = await db.select().from(karbonClientSettings).where(eq(karbonClientSettings.clientCompanyId, companyPk));
  return row?.overrides ?? {};
};

export const saveClientOverrides = (db: Db, companyPk: number, overrides: Partial<KarbonSettings>) =>
  db
    .insert(karbonClientSettings)
    .values({ clientCompanyId: companyPk, overrides })
    .onConflictDoUpdate({ target: karbonClientSettings.clientCompanyId, set: { overrides, updatedAt: new Date() } });

/** Replaces what Herd knows of Karbon's organizations and contacts with a fresh read, in one transaction. */
export const replaceDirectory = (db: Db, firmId: number, rows: { key: string; type: 'Organization' | 'Contact'; name: string; email: string | null }[]) =>
  db.transaction(async (tx) => {
    await tx.delete(karbonDirectory).where(eq(karbonDirectory.firmId, firmId));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(karbonDirectory).values(rows.slice(i, i + 500).map((row) => ({ ...row, firmId })));
  });

export const upsertDirectoryEntry = (db: Db, firmId: number, row: { key: string; type: 'Organization' | 'Contact'; name: string; email: string | null }) =>
  db
    .insert(karbonDirectory)
    .values({ ...row, firmId })
    .onConflictDoUpdate({ target: [karbonDirectory.firmId, karbonDirectory.key], set: { name: row.name, email: row.email, type: row.type, readAt: new Date() } });

export const deleteDirectoryEntry = (db: Db, firmId: number, key: string) =>
  db.delete(karbonDirectory).where(and(eq(karbonDirectory.firmId, firmId), eq(karbonDirectory.key, key)));

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const pageDirectory = async (db: Db, firmId: number, query: { search?: string | undefined; page: number }, size: number) => {
  const where = and(
    eq(karbonDirectory.firmId, firmId),
    query.search ? or(ilike(karbonDirectory.name, `%${escapeLike(query.search)}%`), ilike(karbonDirectory.email, `%${escapeLike(query.search)}%`)) : undefined,
  );
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(karbonDirectory)
    .where(where);
  const rows = await db
    .select()
    .from(karbonDirectory)
    .where(where)
    .orderBy(asc(sql`lower(${karbonDirectory.name})`), asc(karbonDirectory.pk))
    .limit(size)
    .offset((query.page - 1) * size);
  return { count: counted?.count ?? 0, rows };
};

export const directoryOfFirm = (db: Db, firmId: number) => db.select().from(karbonDirectory).where(eq(karbonDirectory.firmId, firmId));

export const findDirectoryEntry = async (db: Db, firmId: number, key: string) => {
  const [row] = await db
    .select()
    .from(karbonDirectory)
    .where(and(eq(karbonDirectory.firmId, firmId), eq(karbonDirectory.key, key)));
  return row ?? null;
};

export const mappingsOfFirm = (db: Db, firmId: number) => db.select().from(karbonMappings).where(eq(karbonMappings.firmId, firmId));

export const findMapping = async (db: Db, companyPk: number) => {
  const [row] = await db.select().from(karbonMappings).where(eq(karbonMappings.clientCompanyId, companyPk));
  return row ?? null;
};

export const saveMapping = (db: Db, values: { firmId: number; clientCompanyId: number; karbonKey: string; karbonType: 'Organization' | 'Contact' }) =>
  db
    .insert(karbonMappings)
    .values(values)
    .onConflictDoUpdate({ target: karbonMappings.clientCompanyId, set: { karbonKey: values.karbonKey, karbonType: values.karbonType, updatedAt: new Date() } });

export const deleteMapping = (db: Db, companyPk: number) => db.delete(karbonMappings).where(eq(karbonMappings.clientCompanyId, companyPk));

/**
 * Records what Herd owes Karbon. An event of the same kind, company and subject (`about`: one
 * request) still waiting takes this one in (its count grows): one note says "answered 5
 * transactions", not five notes.
 */
export const recordEvent = async (
  db: Db,
  values: { firmId: number; companyPk: number; kind: string; about?: string; count: number; payload: Record<string, unknown> },
) => {
  const waitingKey = `${values.kind}:${values.companyPk}:${values.about ?? 'all'}:waiting`;
  await db
    .insert(karbonEvents)
    .values({ firmId: values.firmId, clientCompanyId: values.companyPk, kind: values.kind, eventKey: waitingKey, count: values.count, payload: values.payload })
    .onConflictDoUpdate({
      target: [karbonEvents.firmId, karbonEvents.eventKey],
      set: { count: sql`${karbonEvents.count} + ${values.count}`, payload: values.payload },
    });
};

/** The firm's events whose turn has come, oldest first. */
export const dueEvents = (db: Db, firmId: number, now: Date, limit: number) =>
  db
    .select()
    .from(karbonEvents)
    .where(and(eq(karbonEvents.firmId, firmId), eq(karbonEvents.state, 'PENDING'), lte(karbonEvents.nextAttemptAt, now)))
    .orderBy(asc(karbonEvents.nextAttemptAt), asc(karbonEvents.pk))
    .limit(limit);

/**
 * Takes a waiting event for sending: it leaves the waiting key first, so an event of its kind that
 * arrives meanwhile starts a row of its own instead of being counted into a note already on its way.
 */
export const claimEvent = async (db: Db, event: KarbonEventRow) => {
  const [claimed] = await db
    .update(karbonEvents)
    .set({ eventKey: `${event.kind}:${event.clientCompanyId}:${event.pk}` })
    .where(and(eq(karbonEvents.pk, event.pk), eq(karbonEvents.state, 'PENDING')))
    .returning();
  return claimed ?? null;
};

export const markEventSent = (db: Db, event: KarbonEventRow, karbonRef: string) =>
  db.update(karbonEvents).set({ state: 'SENT', karbonRef, sentAt: new Date(), lastError: null }).where(eq(karbonEvents.pk, event.pk));

export const markEventAttempt = (db: Db, event: KarbonEventRow, values: { lastError: string; nextAttemptAt: Date; failed: boolean }) =>
  db
    .update(karbonEvents)
    .set({
      attempts: event.attempts + 1,
      lastError: values.lastError,
      nextAttemptAt: values.nextAttemptAt,
      ...(values.failed ? { state: 'FAILED' as const } : {}),
    })
    .where(eq(karbonEvents.pk, event.pk));

export const eventCounts = async (db: Db, firmId: number) => {
  const rows = await db
    .select({ state: karbonEvents.state, count: sql<number>`count(*)::int` })
    .from(karbonEvents)
    .where(eq(karbonEvents.firmId, firmId))
    .groupBy(karbonEvents.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.count ?? 0;
  return { pending: of('PENDING'), failed: of('FAILED') };
};

export const firmsWithDueEvents = async (db: Db, now: Date) =>
  (
    await db
      .selectDistinct({ firmId: karbonEvents.firmId })
      .from(karbonEvents)
      .where(and(eq(karbonEvents.state, 'PENDING'), lte(karbonEvents.nextAttemptAt, now)))
  ).map((row) => row.firmId);

/** The firm's mappings whose companies take receipts from Karbon, the longest unlooked first. */
export const mappingsToCheckForFiles = (db: Db, firmId: number) =>
  db
    .select()
    .from(karbonMappings)
    .where(eq(karbonMappings.firmId, firmId))
    .orderBy(sql`${karbonMappings.filesCheckedAt} asc nulls first`, asc(karbonMappings.pk));

export const markFilesChecked = (db: Db, mappingPk: number, at: Date) => db.update(karbonMappings).set({ filesCheckedAt: at }).where(eq(karbonMappings.pk, mappingPk));

export const importedFileKeys = async (db: Db, firmId: number) =>
  new Set((await db.select({ fileKey: karbonImportedFiles.fileKey }).from(karbonImportedFiles).where(eq(karbonImportedFiles.firmId, firmId))).map((row) => row.fileKey));

/** Records a Karbon file as looked at; false when another sweep recorded it first (then this one's receipt is not made). */
export const recordImportedFile = async (db: Db, values: { firmId: number; fileKey: string; receiptId?: number | null; refusal?: string | null }) =>
  (await db.insert(karbonImportedFiles).values(values).onConflictDoNothing().returning({ pk: karbonImportedFiles.pk })).length > 0;

export const firmsWithKarbon = async (db: Db) => (await db.select({ firmId: karbonInstances.firmId }).from(karbonInstances)).map((row) => row.firmId);
