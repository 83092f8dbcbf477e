import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, ledgerRefs, transactionLines, type transactions } from '../../../db/schema/index.js';
import { publishedSince } from './ingest.service.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';

type Row = typeof transactions.$inferSelect;

/** Published transactions with their lines, every reference given by the other system's own external id. */
export const toPublishedFeed = async (db: Db, companyPk: number, rows: Row[]) => {
  const lines = rows.length
    ? await db
        .select()
        .from(transactionLines)
        .where(
          inArray(
            transactionLines.transactionId,
            rows.map((r) => r.pk),
          ),
        )
        .orderBy(asc(transactionLines.position))
    : [];
  // A correction names the account the transaction sits on beside the lines' categories.
  const accountIds = [
    ...new Set([...lines.map((l) => l.categoryId), ...rows.map((r) => (r.correctionDate ? r.watchedAccountId : null))].filter((v): v is number => v !== null)),
  ];
  const refIds = [
    ...new Set(
      lines
        .flatMap((l) => [l.vendorId, l.customerId, l.classId, l.locationId, l.taxId, l.trackingOptionOneId, l.trackingOptionTwoId])
        .filter((v): v is number => v !== null),
    ),
  ];
  const accounts = new Map(
    (accountIds.length
      ? await db
          .select()
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), inArray(ledgerAccounts.pk, accountIds)))
      : []
    ).map((a) => [a.pk, { external_id: a.externalId, name: a.name }]),
  );
  const refs = new Map(
    (refIds.length
      ? await db
          .select()
          .from(ledgerRefs)
          .where(and(eq(ledgerRefs.clientCompanyId, companyPk), inArray(ledgerRefs.pk, refIds)))
      : []
    ).map((r) => [r.pk, { external_id: r.externalId, name: r.name }]),
  );
  const ref = (pk: number | null) => (pk === null ? null : (refs.get(pk) ?? null));
  const results = rows.map((r) => ({
    external_id: r.externalId,
    status: r.status,
    published_at: r.publishedAt!.toISOString(),
    client_memo: r.clientMemo,
    correction: r.correctionDate ? { date: r.correctionDate, from_account: r.watchedAccountId === null ? null : (accounts.get(r.watchedAccountId) ?? null) } : null,
    lines: lines
      .filter((l) => l.transactionId === r.pk)
      .map((l) => ({
        amount: l.amount,
        description: l.description,
        category: l.categoryId === null ? null : (accounts.get(l.categoryId) ?? null),
        vendor: ref(l.vendorId),
        customer: ref(l.customerId),
        class: ref(l.classId),
        location: ref(l.locationId),
        tax: ref(l.taxId),
        tracking_option_one: ref(l.trackingOptionOneId),
        tracking_option_two: ref(l.trackingOptionTwoId),
        billable: l.billable,
      })),
  }));
  return { results, next_since: results.at(-1)?.published_at ?? null };
};

/** `generic-client/ingest/published/`: what Herd published since a moment, in the other system's own ids. */
export const publishedFeed = async (
  { db }: Pick<AppDeps, 'db'>,
  _visitor: Visitor,
  { companyPk, since, limit }: { companyPk: number; since: string | undefined; limit: number },
) => toPublishedFeed(db, companyPk, await publishedSince(db, companyPk, since, limit));
