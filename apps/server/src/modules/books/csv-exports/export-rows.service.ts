import { CSV_EXPORT_COLUMNS, fileEndpoints, apiPath, fromCents, centsOf } from '@herd/contract';
import type { ExportLine } from './csv-exports.queries.js';
import { csvDocument, textCell } from './csv-write.format.js';

/** An attachment's address in the app: opening it asks the person to sign in, and shows the file only to those who may see it. */
const attachmentUrl = (appUrl: string, filePk: number) => `${appUrl}${apiPath(fileEndpoints.retrieve.path.replace('{pk}', String(filePk)))}`;

/** Money out is negative and money in positive, as the bank file that brought the transaction wrote it. */
const signed = (amount: string, type: ExportLine['type']) => fromCents(type === 'DEPOSIT' ? centsOf(amount) : -centsOf(amount));

/**
 * The export's file: a header, then one row per line of each transaction
 * (a split transaction is several rows sharing its date, Herd ID and
 * description). Text from banks and people is guarded against spreadsheet
 * formulas; amounts and dates are Herd's own.
 */
export const buildExportCsv = (lines: ExportLine[], appUrl: string) => {
  const rows = lines.map((l) => [
    l.date,
    String(l.pk),
    textCell(l.paymentAccount ?? ''),
    textCell(l.description),
    textCell(l.payee),
    signed(l.lineAmount ?? l.amount, l.type),
    textCell(l.currency),
    textCell(l.category ?? ''),
    textCell(l.vendor ?? ''),
    textCell(l.customer ?? ''),
    textCell(l.class ?? ''),
    textCell(l.location ?? ''),
    textCell(l.lineDescription ?? ''),
    textCell(l.memo),
    (l.attachmentFiles ?? []).map((file) => attachmentUrl(appUrl, Number(file))).join(' '),
  ]);
  const carried = new Map<number, Date | null>();
  for (const l of lines) carried.set(l.pk, l.publishedAt);
  return {
    content: csvDocument([CSV_EXPORT_COLUMNS, ...rows]),
    lineCount: rows.length,
    transactions: [...carried].map(([pk, publishedAt]) => ({ pk, publishedAt })),
  };
};
