import type { ReceiptSource } from '@herd/contract';
import type { Db } from '../../../db/client.js';

/**
 * How the Karbon receipts sweep takes a file in as a receipt: its bytes checked as any upload's are, then
 * stored as one of the company's receipts, with the sweep's own record written in the receipt's
 * transaction. The receipts module does both, and the app hands them in with its own storage, database and
 * job queue (`AppDeps.receiptIntake`, built in app.ts): a receipt's arrival is told through notifications,
 * which tell Karbon, so Karbon importing the receipts module would close a loop.
 */
/** Where an intake reports a stored file it could not remove again. */
export interface IntakeLog {
  error(details: object, message: string): void;
}

export interface ReceiptIntakePort {
  /** Whether the file can be a receipt, by its bytes: its content type, or why it is turned away. */
  checkReceiptFile(file: { fileName: string; bytes: Buffer }, maxBytes: number): Promise<{ ok: true; contentType: string } | { ok: false; reason: string }>;
  /** One receipt per file, all or none; `alsoWrite` runs in their transaction. Null when `alsoWrite` declined. */
  intakeReceipts(
    log: IntakeLog,
    intake: {
      firmId: number;
      companyPk: number | null;
      uploadedBy: number;
      source: ReceiptSource;
      note: string;
      files: { fileName: string; bytes: Buffer; contentType: string }[];
    },
    alsoWrite?: (tx: Db, receiptPks: number[]) => Promise<boolean>,
  ): Promise<number[] | null>;
}
