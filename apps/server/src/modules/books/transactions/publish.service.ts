import { notifySyncErrors } from '../../messaging/notifications/notifications.face.js';
import { eq, sql } from 'drizzle-orm';
import { centsOf, type PublishResult } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanies, syncErrors } from '../../../db/schema/index.js';
import { LedgerNeedsReauthError } from '../ledger/ledger.face.js';
import type { PublishItem, PublishLine, PublishOutcome } from '../ledger/ledger.face.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { loadCompanyReferences, type CompanyReferences } from '../refs/refs.face.js';
import { filesForLedger } from './ledger-files.queries.js';
import { ConflictError, ValidationError } from '../../../lib/errors.js';

import type { LedgerDeps } from './ledger-deps.types.js';
import { companyJobKey } from '../../../jobs/company-job-key.js';
import { assertTransition } from './status.rule.js';
import { moveStatuses, type StatusAuthor } from './status-writer.queries.js';
import { findProcessingOfCompany, findTransactionsOfCompany, loadLines, type LineRow, type TransactionRow } from './transactions.queries.js';
import { publishRefusal, statusRefusal } from './publish-refusal.rule.js';
import { inClosedPeriod, publishCorrections, type SettledRow } from './publish-corrections.service.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { type CompanyAccess, type CompanyRow } from '../../../kernel/company-access.js';
import { queueSuggestionRefresh } from '../suggestions/suggestions.face.js';

const UNREACHABLE = 'The ledger could not be reached after several tries. Clear this error to publish again.';

/** A transaction and what the ledger answered for it. */
type Settled = SettledRow;

const END_STATUS = { published: 'PUBLISHED_IN_PLATFORM', matched: 'MATCHED_TO_PLATFORM', rejected: 'SYNC_ERROR' } as const;

/**
 * The accountant's publish. Ledgers Herd holds itself publish at once; a
 * remote ledger's transactions wait in PROCESSING while a job writes them,
 * one company at a time. Each ends PUBLISHED_IN_PLATFORM,
 * MATCHED_TO_PLATFORM or, when the ledger refuses, SYNC_ERROR with the
 * ledger's message.
 *
 * What Herd itself cannot send (not categorized, sync errors not cleared, a line without a
 * category) is judged first, from the rows and their lines alone, before anything reaches the
 * ledger: those are left as they are and reported one by one with the reason, and the others go.
 * Only when none can go is the publish refused whole (409 for a status, else 400 naming each line),
 * which is also what Publish on a single transaction answers.
 */
export const publishTransactions = async (deps: LedgerDeps, scope: CompanyAccess, pks: number[]): Promise<PublishResult> => {
  const rows = await findScoped(deps.db, scope, pks);
  const lines = await loadLines(
    deps.db,
    scope.company.pk,
    rows.map((r) => r.pk),
  );
  const linesOf = (row: TransactionRow) => lines.filter((l) => l.transactionId === row.pk);
  const judged = rows.map((row) => ({
    row,
    reason: publishRefusal(
      row.status,
      linesOf(row).map((l) => ({ hasCategory: l.categoryId !== null })),
    ),
  }));
  const ready = judged.filter((j) => j.reason === null).map((j) => j.row);
  if (ready.length === 0) throw refusedWhole(judged, linesOf);
  for (const row of ready) assertTransition(row.status, 'PROCESSING');
  const outcomes = await sendToLedger(deps, scope.company, ready, scope.actor.userId);
  return {
    ...outcomes,
    sent: ready.map((r) => r.pk),
    refused: judged.flatMap(({ row, reason }) => (reason === null ? [] : [{ pk: row.pk, title: titleOf(row), reason }])),
  };
};

/** How a refusal names a transaction where only words are shown: who was paid, else the bank's words, else its date. */
const titleOf = (row: TransactionRow) => row.payee || row.description || `the transaction of ${row.date}`;

/**
 * Nothing selected can be published. A status that keeps one back is a conflict (as it always was);
 * otherwise each line without a category is a field error on its line (`transactions.<i>` is the
 * transaction's place in `pks`), worded so that it names the transaction and the line.
 */
const refusedWhole = (judged: { row: TransactionRow; reason: string | null }[], linesOf: (row: TransactionRow) => LineRow[]) => {
  const byStatus = judged.map(({ row }) => statusRefusal(row.status)).find((reason) => reason !== null);
  if (byStatus) return new ConflictError(byStatus);
  const fields: Record<string, string[]> = {};
  judged.forEach(({ row }, i) => {
    linesOf(row).forEach((line, position) => {
      if (line.categoryId === null)
        fields[`transactions.${i}.lines.${position}.category`] = [`Line ${position + 1} of “${titleOf(row)}” needs a category before it is published.`];
    });
  });
  return new ValidationError(fields);
};

/**
 * Categorized rows go to the company's ledger: at once for a ledger Herd holds itself, through a
 * queued job (PROCESSING meanwhile) for a remote one. The accountant's Publish and a rule's
 * automatic publishing both come here, so both write to the ledger in the same way. `actorUserId`
 * is null when no person asked (a rule did).
 */
export const sendToLedger = async (deps: LedgerDeps, company: CompanyRow, rows: TransactionRow[], actorUserId: number | null) => {
  const outcomes = { published: 0, matched: 0, rejected: 0, queued: 0 };
  if (rows.length === 0) return outcomes;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  if (adapter.remote) {
    await moveStatuses(
      deps.db,
      authorOf(company, actorUserId),
      'transaction.publish',
      rows.map((row) => ({ row, to: 'PROCESSING' as const })),
    );
    // A ledger that calls Herd takes them at its connector's next run (publishWaitingForConnector).
    if (!adapter.waitsForConnector)
      await deps.jobs.send('ledger-push', { companyPk: company.pk, action: 'publish', pks: rows.map((r) => r.pk), actorUserId }, companyJobKey(company.pk));
    outcomes.queued = rows.length;
    return outcomes;
  }
  await publishRows(deps, company, rows, actorUserId, (outcome) => {
    outcomes[outcome.kind] += 1;
  });
  await refreshAfterPublish(deps, company.pk);
  return outcomes;
};

/**
 * A publish's end changes what the company's history holds: answers in flight (PROCESSING) or
 * refused (SYNC_ERROR) teach nothing, published ones and those handed back do. So when a publish
 * ends, however it ends, the company's suggestions are computed again (one job per company while
 * one waits).
 */
const refreshAfterPublish = (deps: LedgerDeps, companyPk: number) => queueSuggestionRefresh(deps.jobs, companyPk, null);

/** The job behind a remote publish: the rows still waiting in PROCESSING go to the ledger. */
export const runQueuedPublish = async (deps: LedgerDeps, data: { companyPk: number; pks: number[]; actorUserId: number | null }) => {
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, data.companyPk));
  if (!company) return;
  // A retried job finds the rows it already finished out of PROCESSING and leaves them be.
  const rows = (await findTransactionsOfCompany(deps.db, company.pk, data.pks)).filter((r) => r.status === 'PROCESSING');
  try {
    await publishRows(deps, company, rows, data.actorUserId, () => {});
    await refreshAfterPublish(deps, company.pk);
  } catch (err) {
    if (!(err instanceof LedgerNeedsReauthError)) throw err;
    // Nothing more can be written until the company is reconnected: hand the rest back to the accountant.
    const waiting = (await findTransactionsOfCompany(deps.db, company.pk, data.pks)).filter((r) => r.status === 'PROCESSING');
    await moveStatuses(
      deps.db,
      authorOf(company, data.actorUserId),
      'transaction.publish_returned',
      waiting.map((row) => ({ row, to: 'FINISHED_IN_HERD' as const, details: { reason: 'needs_reauthorization' } })),
      'skip',
    );
    await refreshAfterPublish(deps, company.pk);
  }
};

/**
 * A ledger that calls Herd (QuickBooks Desktop's Web Connector) takes what was published since its
 * last run when it runs again: every row of the company still waiting in PROCESSING.
 */
export const publishWaitingForConnector = async (deps: LedgerDeps, companyPk: number) => {
  const waiting = await findProcessingOfCompany(deps.db, companyPk);
  if (waiting.length > 0) await runQueuedPublish(deps, { companyPk, pks: waiting.map((row) => row.pk), actorUserId: null });
};

/**
 * A publish whose job failed every retry (the ledger unreachable for hours):
 * its rows leave PROCESSING as SYNC_ERROR with a reason, so the accountant
 * sees them and can publish again once the errors are cleared.
 */
export const giveUpQueuedPublish = async (deps: LedgerDeps, data: { companyPk: number; pks: number[]; actorUserId?: number | null }) => {
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, data.companyPk));
  if (!company) return;
  const rows = (await findTransactionsOfCompany(deps.db, company.pk, data.pks)).filter((r) => r.status === 'PROCESSING');
  if (rows.length === 0) return;
  await deps.db.transaction(async (tx) => {
    const moved = await moveStatuses(
      tx,
      authorOf(company, data.actorUserId ?? null),
      'transaction.publish_failed',
      rows.map((row) => ({ row, to: 'SYNC_ERROR' as const, details: { error: UNREACHABLE } })),
      'skip',
    );
    if (moved.length === 0) return;
    await tx.insert(syncErrors).values(
      moved.map((m) => ({
        transactionId: m.row.pk,
        code: 'UNREACHABLE',
        message: UNREACHABLE,
      })),
    );
    await notifySyncErrors(tx, { firmId: company.firmId, companyPk: company.pk, pks: moved.map((m) => m.row.pk), message: UNREACHABLE });
  });
  await refreshAfterPublish(deps, company.pk);
};

/** Herd's lines by the ledger's ids; null when a category is not one the ledger knows. */
const toPublishLines = (lines: LineRow[], refs: CompanyReferences): PublishLine[] | null => {
  const mapped: PublishLine[] = [];
  for (const line of lines) {
    const category = refs.accountExternalId(line.categoryId);
    if (!category) return null;
    mapped.push({
      amountCents: centsOf(line.amount),
      description: line.description,
      categoryExternalId: category,
      vendorExternalId: refs.refExternalId(line.vendorId),
      customerExternalId: refs.refExternalId(line.customerId),
      classExternalId: refs.refExternalId(line.classId),
      locationExternalId: refs.refExternalId(line.locationId),
      taxExternalId: refs.refExternalId(line.taxId),
      trackingOneExternalId: refs.refExternalId(line.trackingOptionOneId),
      trackingTwoExternalId: refs.refExternalId(line.trackingOptionTwoId),
      billable: line.billable,
    });
  }
  return mapped;
};

/** The ledgers Herd holds itself take the answer as it stands: nothing to translate, no chart to read. */
const NO_REFERENCES = { accounts: [], refs: [] };

/**
 * The publish loop: each row becomes a publish item (for a remote ledger, its lines by the ledger's
 * ids and its files not in the ledger yet), and every answer the adapter hands back is recorded
 * before the next is asked for, so a job cut short leaves only the unanswered rows in PROCESSING.
 * A row whose category the ledger does not know is refused here, before anything is sent.
 */
const publishRows = async (deps: LedgerDeps, company: CompanyRow, rows: TransactionRow[], actorUserId: number | null, counted: (o: PublishOutcome) => void) => {
  if (rows.length === 0) return;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  const pks = rows.map((r) => r.pk);
  const refs = adapter.remote ? await loadCompanyReferences(deps.db, company.pk) : null;
  const linesOf = new Map<number, LineRow[]>();
  if (refs) for (const line of await loadLines(deps.db, company.pk, pks)) linesOf.set(line.transactionId, [...(linesOf.get(line.transactionId) ?? []), line]);
  const files = adapter.attachFiles ? await filesForLedger(deps, pks) : new Map();
  const byPk = new Map(rows.map((row) => [row.pk, row]));
  const record = async (settled: Settled[]) => {
    await recordOutcomes(deps.db, company, actorUserId, settled);
    for (const { outcome } of settled) counted(outcome);
  };
  const closedThrough = company.booksClosedThrough;
  const closed = rows.filter((row) => inClosedPeriod(row, closedThrough));
  const items: PublishItem[] = [];
  const unknownCategory: Settled[] = [];
  for (const row of rows.filter((each) => !inClosedPeriod(each, closedThrough))) {
    const lines = refs ? toPublishLines(linesOf.get(row.pk) ?? [], refs) : [];
    if (!lines) {
      unknownCategory.push({ row, outcome: { kind: 'rejected', code: 'HERD', message: `Every line needs a category that exists in ${adapter.displayName}.` } });
      continue;
    }
    items.push({
      key: row.pk,
      externalId: row.externalId,
      entityType: row.ledgerEntityType,
      version: row.ledgerVersion,
      raw: row.raw as Record<string, unknown>,
      lines,
      files: files.get(row.pk) ?? [],
    });
  }
  await record(unknownCategory);
  if (items.length === 0 && closed.length === 0) return;
  await withGrant(deps.db, company, adapter.displayName, async () => {
    if (items.length > 0)
      for await (const settled of adapter.publish(company, items, refs?.references ?? NO_REFERENCES)) {
        await record(settled.map(({ item, outcome }) => ({ row: byPk.get(item.key)!, outcome })));
      }
    if (closedThrough === null) return;
    const corrections = publishCorrections({
      adapter,
      company,
      closedThrough,
      rows: closed,
      linesOf: refs ? (row) => toPublishLines(linesOf.get(row.pk) ?? [], refs) : null,
      refs,
      references: refs?.references ?? NO_REFERENCES,
    });
    for await (const settled of corrections) await record(settled);
  });
};

/**
 * What one answer of the ledger settled, in one database transaction: each row's end status with
 * its audit entry (through the status writer), the ledger's copy of each row the status writer
 * moved, and the sync error of each refused one. The status moves share their values (who
 * published, when), so a batch of them is one UPDATE; the ledger copies, different for every row,
 * go in one more statement rather than one each.
 */
const recordOutcomes = (db: Db, company: CompanyRow, actorUserId: number | null, settled: Settled[]) =>
  db.transaction(async (tx) => {
    if (settled.length === 0) return;
    const publishedAt = new Date();
    const moves = settled.map(({ row, outcome, values }) => ({
      row,
      to: END_STATUS[outcome.kind],
      values: outcome.kind === 'rejected' ? {} : { publishedBy: actorUserId, publishedAt, ...values },
      details: {
        outcome: outcome.kind,
        ...(outcome.kind === 'rejected' ? { error: outcome.message } : {}),
        ...(values?.correctionDate ? { correction: { date: values.correctionDate, journal: values.correctionExternalId } } : {}),
      },
      outcome,
    }));
    // The ledger has written them: what Herd records must follow, even if a row moved meanwhile (it cannot have; PROCESSING belongs to this job).
    const moved = await moveStatuses(tx, authorOf(company, actorUserId), 'transaction.publish', moves, 'skip');
    await writeLedgerCopies(
      tx,
      company.pk,
      moved.map((m) => ({ pk: m.row.pk, ledgerVersion: m.outcome.ledgerVersion || null, raw: m.outcome.raw ?? null })),
    );
    const errors = settled.flatMap(({ row, outcome }) => (outcome.kind === 'rejected' ? [{ transactionId: row.pk, code: outcome.code, message: outcome.message }] : []));
    if (errors.length === 0) return;
    await tx.insert(syncErrors).values(errors);
    await notifySyncErrors(tx, { firmId: company.firmId, companyPk: company.pk, pks: errors.map((e) => e.transactionId), message: errors[0]!.message });
  });

/** The ledger's copy after the write (SyncToken and body), kept for the next publish; a missing part stays as it was. */
const writeLedgerCopies = async (tx: Db, companyPk: number, copies: { pk: number; ledgerVersion: string | null; raw: Record<string, unknown> | null }[]) => {
  const changing = copies.filter((c) => c.ledgerVersion !== null || c.raw !== null);
  if (changing.length === 0) return;
  await tx.execute(sql`
    UPDATE transactions AS t
    SET ledger_version = COALESCE(c.ledger_version, t.ledger_version), raw = COALESCE(c.raw, t.raw), updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(changing.map((c) => ({ pk: c.pk, ledger_version: c.ledgerVersion, raw: c.raw })))}::jsonb)
      AS c(pk integer, ledger_version text, raw jsonb)
    WHERE t.pk = c.pk AND t.client_company_id = ${companyPk}`);
};

/** Who a publish's status changes are recorded for: the accountant who asked, on the company's firm. */
const authorOf = (company: CompanyRow, actorUserId: number | null): StatusAuthor => ({ firmId: company.firmId, companyPk: company.pk, actorUserId });
