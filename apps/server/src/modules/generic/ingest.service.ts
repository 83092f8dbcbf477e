import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { genericReferenceListsBody, genericTransactionsBody } from '@herd/contract';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { queueSuggestionRefresh } from '../suggestions/refresh-queue.js';
import { queueCompanyReceiptMatch } from '../receipts/matching-queue.js';
import { clientCompanies, ledgerAccounts, ledgerRefs, transactions } from '../../db/schema/index.js';
import { ValidationError } from '../../lib/errors.js';
import { companyAccess } from '../access/company-access.js';
import type { Actor } from '../auth/actor.js';
import { upsertLedgerRows, type LedgerRowWrite } from '../transactions/ledger-rows.js';
import { canTransition } from '../transactions/status.js';
import { moveStatuses, type StatusMove } from '../transactions/status-writer.js';

type RefsBody = z.infer<typeof genericReferenceListsBody>;
type TxBody = z.infer<typeof genericTransactionsBody>;

/** Upserts the company's accounts and reference lists by external id: pushing the same list twice changes nothing. */
export const upsertReferenceLists = async (db: Db, companyPk: number, body: RefsBody) =>
  db.transaction(async (tx) => {
    for (const a of body.accounts) {
      await tx
        .insert(ledgerAccounts)
        .values({
          clientCompanyId: companyPk,
          externalId: a.external_id,
          name: a.name,
          accountType: a.type,
          isPaymentAccount: a.is_payment_account,
          isWatched: a.is_watched ?? false,
          active: a.active,
        })
        .onConflictDoUpdate({
          target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId],
          // Which accounts are watched is the accountant's choice once set; only an explicit value changes it.
          set: {
            name: a.name,
            accountType: a.type,
            isPaymentAccount: a.is_payment_account,
            active: a.active,
            updatedAt: new Date(),
            ...(a.is_watched === undefined ? {} : { isWatched: a.is_watched }),
          },
        });
    }
    // Parents (tracking categories) first, so options can point at them.
    const ordered = [...body.refs].sort((x, y) => Number(Boolean(x.parent_external_id)) - Number(Boolean(y.parent_external_id)));
    for (const r of ordered) {
      let parentId: number | null = null;
      if (r.parent_external_id) {
        const [parent] = await tx
          .select({ pk: ledgerRefs.pk })
          .from(ledgerRefs)
          .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), eq(ledgerRefs.externalId, r.parent_external_id)));
        if (!parent) throw ValidationError.detail(`Tracking category "${r.parent_external_id}" of "${r.external_id}" is not known.`);
        parentId = parent.pk;
      }
      await tx
        .insert(ledgerRefs)
        .values({ clientCompanyId: companyPk, kind: r.kind, externalId: r.external_id, name: r.name, parentId, active: r.active })
        .onConflictDoUpdate({
          target: [ledgerRefs.clientCompanyId, ledgerRefs.kind, ledgerRefs.externalId],
          set: { name: r.name, parentId, active: r.active, updatedAt: new Date() },
        });
    }
    return { accounts: body.accounts.length, refs: body.refs.length };
  });

/**
 * Upserts transactions by external id. New ones arrive READY with one line;
 * one the client has not touched yet takes the ledger's new values; once
 * categorized, Herd's answer wins and only a deletion (CANCELLED) gets
 * through — where the transition table allows it: a transaction already
 * published or matched stays as it is, and is counted unchanged.
 */
export const upsertTransactions = async ({ db, jobs }: { db: Db; jobs: Pick<JobQueue, 'send'> }, companyPk: number, body: TxBody) => {
  const counts = await db.transaction(async (tx) => {
    const [company] = await tx.select({ firmId: clientCompanies.firmId }).from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
    const accountIds = new Map(
      (await tx.select({ pk: ledgerAccounts.pk, externalId: ledgerAccounts.externalId }).from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, companyPk))).map(
        (a) => [a.externalId, a.pk],
      ),
    );
    const accountOf = (ext: string | undefined, field: string, i: number) => {
      if (ext === undefined) return null;
      const pk = accountIds.get(ext);
      if (pk === undefined) throw ValidationError.field(`transactions.${i}.${field}`, `Account "${ext}" is not known: push it with the reference lists first.`);
      return pk;
    };
    const existing = new Map(
      (
        await tx
          .select()
          .from(transactions)
          .where(
            and(
              eq(transactions.clientCompanyId, companyPk),
              inArray(
                transactions.externalId,
                body.transactions.map((t) => t.external_id),
              ),
            ),
          )
      ).map((t) => [t.externalId, t]),
    );
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const writes: LedgerRowWrite[] = [];
    const cancels: StatusMove[] = [];
    for (const [i, t] of body.transactions.entries()) {
      const values = {
        type: t.type,
        subtype: t.subtype,
        date: t.date,
        amount: t.amount,
        currency: t.currency.toUpperCase(),
        description: t.description,
        payee: t.payee,
        paymentAccountId: accountOf(t.payment_account, 'payment_account', i),
        watchedAccountId: accountOf(t.watched_account, 'watched_account', i),
      };
      const before = existing.get(t.external_id);
      if (!before) {
        if (t.deleted) counts.unchanged += 1;
        else writes.push({ externalId: t.external_id, create: { ledgerEntityType: 'generic', ...values } });
      } else if (t.deleted && before.status !== 'CANCELLED' && canTransition(before.status, 'CANCELLED')) {
        cancels.push({ row: before, to: 'CANCELLED' });
      } else if (!t.deleted && before.status === 'READY' && changed(before, values)) {
        writes.push({ pk: before.pk, refresh: values, ...(before.amount !== t.amount ? { lines: [{ amount: t.amount }] } : {}) });
        counts.updated += 1;
      } else {
        counts.unchanged += 1;
      }
    }
    counts.created = (await upsertLedgerRows(tx, companyPk, writes)).length;
    const cancelled = await moveStatuses(tx, { firmId: company!.firmId, companyPk, actorUserId: null }, 'transaction.sync', cancels, 'skip');
    counts.updated += cancelled.length;
    counts.unchanged += cancels.length - cancelled.length;
    return counts;
  });
  if (counts.created + counts.updated > 0) {
    await queueSuggestionRefresh(jobs, companyPk, null);
    await queueCompanyReceiptMatch(jobs, companyPk);
  }
  return counts;
};

const changed = (before: typeof transactions.$inferSelect, values: Record<string, unknown>) =>
  Object.entries(values).some(([k, v]) => (before as Record<string, unknown>)[k] !== v);

/** What Herd published since a moment, oldest first, for the other system to apply to its ledger. */
export const publishedSince = async (db: Db, companyPk: number, since: string | undefined, limit: number) => {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        inArray(transactions.status, ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM']),
        isNotNull(transactions.publishedAt),
        since ? gt(transactions.publishedAt, new Date(since)) : undefined,
      ),
    )
    .orderBy(asc(transactions.publishedAt), asc(transactions.pk))
    .limit(limit);
  return rows;
};

export const syncStatus = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select({
      lastReceivedAt: sql<Date | null>`max(${transactions.createdAt})`,
      total: sql<number>`count(*)`.mapWith(Number),
      published: sql<number>`count(*) filter (where ${transactions.status} in ('PUBLISHED_IN_PLATFORM','MATCHED_TO_PLATFORM'))`.mapWith(Number),
    })
    .from(transactions)
    .where(eq(transactions.clientCompanyId, companyPk));
  return {
    last_received_at: row?.lastReceivedAt ? new Date(row.lastReceivedAt).toISOString() : null,
    transactions: row?.total ?? 0,
    published: row?.published ?? 0,
  };
};

/** `generic-client/sync-client/`: the sync state of a company the accountant can see. */
export const companySyncStatus = async (db: Db, actor: Actor, companyPk: number) => syncStatus(db, (await companyAccess(db, actor, companyPk, 'accountant')).company.pk);
