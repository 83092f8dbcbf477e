import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { files, notes, syncErrors, transactionAttachments, transactionLines, transactions } from '../db/schema/index.js';
import type { StorageDriver } from '../storage/driver.js';
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
    const categorized = d.lines !== undefined && d.status !== 'READY';
    const [tx] = await db
      .insert(transactions)
      .values({
        clientCompanyId: ids.companyPk,
        externalId: `demo:tx:${i}`,
        ledgerEntityType: 'generic',
        type: d.type,
        subtype: d.subtype,
        date: d.date,
        amount: d.amount,
        description: d.description,
        payee: d.payee,
        paymentAccountId: account(d.card ? 'Visa Business Card' : 'Business Checking'),
        watchedAccountId: account(d.type === 'DEPOSIT' ? 'Uncategorized Income' : 'Uncategorized Expense'),
        status: d.status,
        isHidden: d.hidden ?? false,
        clientMemo: d.memo ?? '',
        categorizedBy: categorized ? ids.clientId : null,
        categorizedAt: categorized ? daysAgo(3) : null,
        publishedBy: ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'].includes(d.status) ? ids.accountantId : null,
        publishedAt: ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'].includes(d.status) ? daysAgo(1) : null,
      })
      .returning({ pk: transactions.pk });
    const lines = d.lines ?? [[d.amount, null, null, null]];
    await db.insert(transactionLines).values(
      lines.map(([amount, category, party, klass], position) => ({
        transactionId: tx!.pk,
        position,
        amount,
        categoryId: category ? account(category) : null,
        vendorId: d.type === 'DEPOSIT' ? null : ref(party),
        customerId: d.type === 'DEPOSIT' ? ref(party) : null,
        classId: ref(klass),
      })),
    );
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
