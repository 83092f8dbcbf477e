import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import type { TransactionStatus } from '@herd/contract';
import { and, eq } from 'drizzle-orm';
import { auditLog, files, notes, syncErrors, transactionAttachments } from '../db/schema/index.js';
import { upsertLedgerRows } from '../modules/books/transactions/ledger-rows.queries.js';
import { moveStatuses, type StatusMove } from '../modules/books/transactions/status-writer.queries.js';
import { updateTransactions } from '../modules/books/transactions/transactions.queries.js';
import type { StorageDriver } from '../modules/platform/stored-files/storage.port.js';
import type { DemoLedger } from './demo-ledger.js';
import { DEMO_TRANSACTIONS } from './demo-transactions.js';
import { receiptPdf } from './receipt-pdf.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** The demo transactions with their lines, notes, sync errors and receipt attachments. */
export const seedDemoActivity = async (
  db: Db,
  storage: StorageDriver,
  ids: { firmId: number; companyPk: number; accountantId: number; clientId: number },
  ledger: DemoLedger,
) => {
  const account = (name: string) => ledger.accounts.get(name)!;
  const ref = (name: string | null) => (name ? (ledger.refs.get(name) ?? null) : null);
  for (const [i, d] of DEMO_TRANSACTIONS.entries()) {
    const lines = d.lines ?? [[d.amount, null, null, null]];
    const [tx] = await upsertLedgerRows(db, ids.companyPk, [
      {
        externalId: `demo:tx:${i}`,
        create: {
          ledgerEntityType: 'generic',
          type: d.type,
          subtype: d.subtype,
          date: d.date,
          amount: d.amount,
          description: d.description,
          payee: d.payee,
          paymentAccountId: account(d.card ? 'Visa Business Card' : 'Business Checking'),
          watchedAccountId: account(d.type === 'DEPOSIT' ? 'Uncategorized Income' : 'Uncategorized Expense'),
        },
        lines: lines.map(([amount, category, party, klass]) => ({
          amount,
          categoryId: category ? account(category) : null,
          vendorId: d.type === 'DEPOSIT' ? null : ref(party),
          customerId: d.type === 'DEPOSIT' ? ref(party) : null,
          classId: ref(klass),
        })),
      },
    ]);
    await updateTransactions(db, ids.companyPk, [tx!.pk], { isHidden: d.hidden ?? false, clientMemo: d.memo ?? '' });
    await walkToStatus(db, ids, { pk: tx!.pk, status: 'READY' }, d.status, d.syncError);
    if (d.syncError) await db.insert(syncErrors).values({ transactionId: tx!.pk, code: 'LEDGER', message: d.syncError });
    if (d.note) {
      await db.insert(notes).values({
        firmId: ids.firmId,
        clientCompanyId: ids.companyPk,
        targetType: 'TRANSACTION',
        targetPk: tx!.pk,
        authorId: d.note.from === 'CLIENT' ? ids.clientId : ids.accountantId,
        senderKind: d.note.from,
        body: d.note.body,
      });
    }
    if (d.attachment) {
      const bytes = receiptPdf([d.payee || d.description, `Date: ${d.date}`, `Total: $${d.amount}`, 'Thank you for your business']);
      const key = `demo/${randomBytes(12).toString('hex')}`;
      await storage.put(key, bytes, 'application/pdf');
      const [file] = await db
        .insert(files)
        .values({
          firmId: ids.firmId,
          clientCompanyId: ids.companyPk,
          storageKey: key,
          name: `receipt-${d.date}.pdf`,
          contentType: 'application/pdf',
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          createdBy: ids.clientId,
        })
        .returning({ pk: files.pk });
      await db.insert(transactionAttachments).values({ transactionId: tx!.pk, fileId: file!.pk, createdBy: ids.clientId });
    }
  }
};

/**
 * Takes a new demo transaction to its status the way real use would, through
 * the status writer: the client answers, then the accountant publishes (or the
 * ledger refuses it, or matches it); a duplicate is cancelled by the ledger.
 * The audit log reads as a believable history.
 */
const walkToStatus = async (
  db: Db,
  ids: { firmId: number; companyPk: number; accountantId: number; clientId: number },
  row: StatusMove['row'],
  target: TransactionStatus,
  ledgerError?: string,
) => {
  const as = (actorUserId: number | null) => ({ firmId: ids.firmId, companyPk: ids.companyPk, actorUserId });
  if (target === 'READY') return;
  if (target === 'CANCELLED') {
    await moveStatuses(db, as(null), 'transaction.sync', [{ row, to: 'CANCELLED' }]);
    return;
  }
  await moveStatuses(db, as(ids.clientId), 'transaction.categorize', [
    { row, to: 'FINISHED_IN_HERD', values: { categorizedBy: ids.clientId, categorizedAt: daysAgo(3) } },
  ]);
  await backdateAudit(db, row.pk, 'transaction.categorize', daysAgo(3));
  if (target === 'FINISHED_IN_HERD') return;
  const published = target === 'SYNC_ERROR' ? {} : { publishedBy: ids.accountantId, publishedAt: daysAgo(1) };
  const details =
    target === 'SYNC_ERROR'
      ? { outcome: 'rejected', ...(ledgerError ? { error: ledgerError } : {}) }
      : { outcome: target === 'MATCHED_TO_PLATFORM' ? 'matched' : 'published' };
  await moveStatuses(db, as(ids.accountantId), 'transaction.publish', [{ row: { pk: row.pk, status: 'FINISHED_IN_HERD' }, to: target, values: published, details }]);
  await backdateAudit(db, row.pk, 'transaction.publish', daysAgo(1));
};

/** The demo's history happened days ago, like its answers and publishes: its audit entries say so too. */
export const backdateAudit = (db: Db, transactionPk: number, action: string, at: Date) =>
  db
    .update(auditLog)
    .set({ createdAt: at })
    .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetPk, transactionPk), eq(auditLog.action, action)));
