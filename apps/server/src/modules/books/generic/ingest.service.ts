import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { genericReferenceListsBody, genericTransactionsBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { queueSuggestionRefresh } from '../suggestions/suggestions.face.js';
import { queueCompanyReceiptMatch } from '../../../jobs/receipt-match-requests.js';
import { clientCompanies, ledgerAccounts, ledgerRefs, transactions } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { loadCompanyReferences } from '../refs/refs.face.js';
import { applyLedgerRecords, saveBooksLock } from '../transactions/transactions.face.js';
import { genericRecordOf } from './generic-records.rule.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';

type RefsBody = z.infer<typeof genericReferenceListsBody>;
type TxBody = z.infer<typeof genericTransactionsBody>;

/** Upserts the company's accounts and reference lists by external id: pushing the same list twice changes nothing. */
export const upsertReferenceLists = async ({ db }: Pick<AppDeps, 'db'>, _visitor: Visitor, { companyPk, body }: { companyPk: number; body: RefsBody }) =>
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
          parentExternalId: a.parent_external_id ?? null,
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
            ...(a.parent_external_id === undefined ? {} : { parentExternalId: a.parent_external_id }),
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
    if (body.closed_through !== undefined) await saveBooksLock(tx, companyPk, body.closed_through, new Date());
    return { accounts: body.accounts.length, refs: body.refs.length };
  });

/**
 * Upserts transactions by external id, through the inbound policy every ledger shares: a new one
 * arrives READY with one line; one the client has not touched yet takes the ledger's new values;
 * once categorized, Herd's answer wins (the API keeps no versions to say the ledger's edit is
 * newer) and only a deletion (CANCELLED) gets through — where the transition table allows it: a
 * transaction already published or matched stays as it is, and is counted unchanged. Accounts
 * are named by external id and must have been pushed first.
 */
export const upsertTransactions = async (deps: Pick<AppDeps, 'db' | 'jobs'>, _visitor: Visitor, { companyPk, body }: { companyPk: number; body: TxBody }) => {
  const { db, jobs } = deps;
  const [company] = await db.select({ firmId: clientCompanies.firmId }).from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  const refs = await loadCompanyReferences(db, companyPk);
  body.transactions.forEach((t, i) => {
    for (const field of ['payment_account', 'watched_account'] as const) {
      const ext = t[field];
      if (ext !== undefined && refs.accountPk(ext) === null)
        throw ValidationError.field(`transactions.${i}.${field}`, `Account "${ext}" is not known: push it with the reference lists first.`);
    }
  });
  const applied = await applyLedgerRecords(db, { firmId: company!.firmId, companyPk }, body.transactions.map(genericRecordOf), refs);
  const counts = { created: applied.created, updated: applied.updated + applied.cancelled + applied.matched, unchanged: applied.unchanged };
  if (counts.created + counts.updated > 0) {
    await queueSuggestionRefresh(jobs, companyPk, null);
    await queueCompanyReceiptMatch(jobs, companyPk);
  }
  return counts;
};

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
export const companySyncStatus = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) =>
  syncStatus(db, (await companyAccess(db, actor, companyPk, 'accountant')).company.pk);
