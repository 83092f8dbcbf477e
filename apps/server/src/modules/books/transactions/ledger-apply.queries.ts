import { and, eq, inArray } from 'drizzle-orm';
import { centsOf, fromCents, type RefKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { transactions } from '../../../db/schema/index.js';
import { cleanLedgerRecord } from '../ledger/ledger.face.js';
import { decideInbound, type InboundOptions } from '../ledger/ledger.face.js';
import type { LedgerRecord, LedgerTransaction } from '../ledger/ledger.face.js';
import { replaceLedgerHistory, type LedgerHistoryLine } from '../suggestions/suggestions.face.js';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';
import { upsertLedgerRows, type LedgerLine, type LedgerRowWrite, type LedgerValues } from './ledger-rows.queries.js';
import { moveStatuses, type StatusMove } from './status-writer.queries.js';

type TxRow = typeof transactions.$inferSelect;

/** How the ledger's ids become Herd's pks (the company's chart and lists, read once per page). */
export interface LedgerIds {
  accountPk(externalId: string | null): number | null;
  refPk(kind: RefKind, externalId: string | null): number | null;
}

export interface ApplyCounts {
  created: number;
  updated: number;
  matched: number;
  cancelled: number;
  unchanged: number;
}

/** The columns of a ledger's header the lists show; a versionless ledger's row "changed" when one of them did. */
const COMPARED = ['type', 'subtype', 'date', 'amount', 'currency', 'description', 'payee', 'paymentAccountId', 'watchedAccountId'] as const;

const headerValues = (record: LedgerRecord, t: LedgerTransaction, ids: LedgerIds): LedgerValues => ({
  ledgerEntityType: t.entityType,
  type: t.type,
  subtype: t.subtype,
  date: t.date,
  amount: fromCents(t.amountCents),
  currency: t.currency,
  description: t.description,
  payee: t.payee,
  paymentAccountId: ids.accountPk(t.paymentAccountExternalId),
  watchedAccountId: ids.accountPk(t.watchedAccountExternalId),
  ...(record.version === null ? {} : { ledgerVersion: record.version }),
  ...(record.raw === null ? {} : { raw: record.raw }),
});

const lineValues = (t: LedgerTransaction, ids: LedgerIds): LedgerLine[] =>
  t.lines.map((line) => ({
    amount: fromCents(line.amountCents),
    description: line.description,
    classId: ids.refPk('CLASS', line.classExternalId),
    customerId: ids.refPk('CUSTOMER', line.customerExternalId),
    taxId: ids.refPk('TAX', line.taxExternalId),
    locationId: ids.refPk('LOCATION', t.locationExternalId),
    trackingOptionOneId: ids.refPk('TRACKING_OPTION', line.trackingOneExternalId),
    trackingOptionTwoId: ids.refPk('TRACKING_OPTION', line.trackingTwoExternalId),
    billable: line.billable,
  }));

/** What a categorized ledger row teaches, in Herd's pks; nothing when its words name no merchant or a category is unknown. */
const historyOf = (record: LedgerRecord, ids: LedgerIds): LedgerHistoryLine[] =>
  record.history.flatMap((line) => {
    const merchant = merchantOfTransaction(line);
    const categoryId = ids.accountPk(line.categoryExternalId);
    if (!merchant || categoryId === null || line.date === '') return [];
    return [
      {
        externalId: record.externalId,
        lineNumber: line.lineNumber,
        date: line.date,
        payee: line.payee,
        description: line.description,
        merchantKey: merchant.key,
        deposit: line.deposit,
        amount: fromCents(line.amountCents),
        categoryId,
        vendorId: ids.refPk('VENDOR', line.vendorExternalId),
        customerId: ids.refPk('CUSTOMER', line.customerExternalId),
        classId: ids.refPk('CLASS', line.classExternalId),
      },
    ];
  });

/**
 * Brings one page of a ledger's rows into Herd, in one database transaction, as the inbound policy
 * (ledger/inbound-policy.rule.ts) decides for each: created READY, refreshed, reopened, matched,
 * cancelled, or left alone. Rows Herd never held that the ledger categorized become the company's
 * ledger history (what the suggestions learn from), replaced by external id on every read. A status
 * change goes through the status writer with its audit entry; one the transition table forbids
 * (the row moved meanwhile) is counted unchanged. Applying the same page twice changes nothing.
 * Text is cleaned and impossible dates kept out first (ledger/ledger-hygiene.rule.ts).
 */
export const applyLedgerRecords = async (
  db: Db,
  owner: { firmId: number; companyPk: number },
  sent: LedgerRecord[],
  ids: LedgerIds,
  options: InboundOptions = {},
): Promise<ApplyCounts> => {
  const counts: ApplyCounts = { created: 0, updated: 0, matched: 0, cancelled: 0, unchanged: 0 };
  // Rows Herd cannot take (ledger-hygiene.rule.ts) are left alone, as unchanged.
  const records = sent.flatMap((record) => cleanLedgerRecord(record) ?? []);
  counts.unchanged += sent.length - records.length;
  if (records.length === 0) return counts;
  return db.transaction(async (tx) => {
    const externalIds = records.map((r) => r.externalId);
    const existing = new Map(
      (
        await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.clientCompanyId, owner.companyPk), inArray(transactions.externalId, externalIds)))
      ).map((t) => [t.externalId, t]),
    );
    // Herd's own correction journals sit on a watched account by design: never a question, nor history.
    const corrections = await correctionJournalsAmong(tx, owner.companyPk, externalIds);
    const writes: LedgerRowWrite[] = [];
    const history: LedgerHistoryLine[] = [];
    const moves: (StatusMove & { counted: keyof ApplyCounts })[] = [];
    const move = (row: TxRow, to: TxRow['status'], counted: keyof ApplyCounts) => moves.push({ row, to, counted });

    for (const record of records) {
      if (corrections.has(record.externalId)) {
        counts.unchanged += 1;
        continue;
      }
      const before = existing.get(record.externalId) ?? null;
      const header = record.transaction ? headerValues(record, record.transaction, ids) : null;
      const held = before && {
        status: before.status,
        amountCents: centsOf(before.amount),
        ledgerVersion: before.ledgerVersion,
        valuesDiffer: header !== null && COMPARED.some((key) => before[key] !== header[key]),
        corrected: before.correctionDate !== null,
      };
      const decision = decideInbound(held, record, options);
      const copy = { ...(record.version === null ? {} : { ledgerVersion: record.version }), ...(record.raw === null ? {} : { raw: record.raw }) };
      switch (decision.kind) {
        case 'ignore':
          counts.unchanged += 1;
          break;
        case 'history':
          history.push(...historyOf(record, ids));
          break;
        case 'create':
          writes.push({ externalId: record.externalId, create: header!, lines: lineValues(record.transaction!, ids) });
          break;
        case 'cancel':
          move(before!, 'CANCELLED', 'cancelled');
          break;
        case 'match':
          if (Object.keys(copy).length > 0) writes.push({ pk: before!.pk, refresh: copy });
          move(before!, 'MATCHED_TO_PLATFORM', 'matched');
          break;
        case 'refresh': {
          const values = decision.take === 'everything' ? header! : copy;
          const lines = decision.lines ? lineValues(record.transaction!, ids) : undefined;
          if (Object.keys(values).length > 0 || lines) writes.push({ pk: before!.pk, refresh: values, ...(lines ? { lines } : {}) });
          if (decision.reopen) move(before!, 'READY', 'updated');
          else counts.updated += 1;
          break;
        }
      }
    }
    counts.created = (await upsertLedgerRows(tx, owner.companyPk, writes)).length;
    await replaceLedgerHistory(tx, owner, externalIds, history);
    const moved = await moveStatuses(tx, { ...owner, actorUserId: null }, 'transaction.sync', moves, 'skip');
    for (const m of moved) counts[m.counted] += 1;
    counts.unchanged += moves.length - moved.length;
    return counts;
  });
};

/** Which of these ledger ids are journals Herd posted as corrections of the company's closed-period answers. */
const correctionJournalsAmong = async (tx: Db, companyPk: number, externalIds: string[]) =>
  new Set(
    (
      await tx
        .select({ id: transactions.correctionExternalId })
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.correctionExternalId, externalIds)))
    ).map((row) => row.id),
  );
