import type { CsvExportBatch, ExportableStatus } from '@herd/contract';
import { apiPath, csvExportEndpoints } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { buildExportCsv } from './export-rows.service.js';
import {
  countBatches,
  countExportable,
  findBatch,
  findBatchContent,
  findBatches,
  findExportLines,
  insertBatch,
  linkBatchTransactions,
  lockCompanyForExport,
  type BatchSummaryRow,
  type ExportFilters,
} from './csv-exports.queries.js';
import type { AppDeps } from '../../../app-deps.js';

export interface ExportRequest {
  date_from?: string | undefined;
  date_to?: string | undefined;
  status?: ExportableStatus | undefined;
  only_new: boolean;
}

const PAGE_SIZE = 20;

const filtersOf = (r: ExportRequest): ExportFilters => ({ dateFrom: r.date_from, dateTo: r.date_to, status: r.status, onlyNew: r.only_new });

/** The accountant's side of a company (a client is 403, another firm's company 404) whose answers leave Herd as CSV files. */
const csvCompany = async (db: Db, actor: Actor, companyPk: number) => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  if (scope.company.connectionKind !== 'CSV') {
    throw ValidationError.detail('Only CSV client companies export to CSV files; this company’s answers reach its ledger when they are published.');
  }
  return scope;
};

const downloadUrl = (companyPk: number, batchPk: number) =>
  apiPath(csvExportEndpoints.download.path.replace('{pk}', String(companyPk)).replace('{batchPk}', String(batchPk)));

const toBatch = (companyPk: number, b: BatchSummaryRow): CsvExportBatch => ({
  pk: b.pk,
  created_at: b.createdAt.toISOString(),
  created_by: b.createdBy === null ? null : { pk: b.createdBy, name: `${b.firstName ?? ''} ${b.lastName ?? ''}`.trim() || (b.email ?? '') },
  date_from: b.dateFrom,
  date_to: b.dateTo,
  status: b.status as ExportableStatus | null,
  only_new: b.onlyNew,
  transaction_count: b.transactionCount,
  line_count: b.lineCount,
  download_url: downloadUrl(companyPk, b.pk),
});

/** How many transactions and rows an export with these filters would hold now. */
export const previewExport = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, query }: { companyPk: number; query: ExportRequest }) => {
  await csvCompany(db, actor, companyPk);
  return countExportable(db, companyPk, filtersOf(query));
};

/**
 * A new export: the matching published transactions become a CSV file,
 * kept with the batch (who, when, filters, counts) and its transactions,
 * with the audit entry, in one database transaction. Status is untouched:
 * publishing is what made the answers final; exporting only carries them out.
 * An export that would hold nothing is refused, so the list of past exports
 * holds only files worth downloading.
 */
export const createExport = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, { companyPk, body }: { companyPk: number; body: ExportRequest }) => {
  const scope = await csvCompany(db, actor, companyPk);
  const filters = filtersOf(body);
  const batch = await db.transaction(async (tx) => {
    await lockCompanyForExport(tx, companyPk);
    const file = buildExportCsv(await findExportLines(tx, companyPk, filters), config.appUrl);
    if (file.transactions.length === 0) {
      throw ValidationError.detail(
        filters.onlyNew
          ? 'Nothing new to export: every published transaction matching these filters is in an earlier export.'
          : 'No published transactions match these filters.',
      );
    }
    const row = await insertBatch(tx, {
      clientCompanyId: companyPk,
      createdBy: scope.actor.userId,
      dateFrom: filters.dateFrom ?? null,
      dateTo: filters.dateTo ?? null,
      status: filters.status ?? null,
      onlyNew: filters.onlyNew,
      transactionCount: file.transactions.length,
      lineCount: file.lineCount,
      content: file.content,
    });
    await linkBatchTransactions(tx, row.pk, file.transactions);
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: 'csv_export.create',
      targetType: 'client_company',
      targetPk: companyPk,
      details: {
        batch: row.pk,
        date_from: row.dateFrom,
        date_to: row.dateTo,
        status: row.status,
        only_new: row.onlyNew,
        transactions: row.transactionCount,
        lines: row.lineCount,
      },
    });
    return row;
  });
  const summary = await findBatch(db, companyPk, batch.pk);
  return toBatch(companyPk, summary!);
};

/** Past exports of the company, newest first, 20 a page. */
export const listExports = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, page, url }: { companyPk: number; page: number; url: string }) => {
  await companyAccess(db, actor, companyPk, 'accountant');
  const [count, rows] = await Promise.all([countBatches(db, companyPk), findBatches(db, companyPk, page, PAGE_SIZE)]);
  return { count, ...pageLinks(url, page, PAGE_SIZE, count), results: rows.map((b) => toBatch(companyPk, b)) };
};

/** A past export's file, byte for byte what it first was (even if the company later left the CSV ledger: its past files stay its own). */
export const downloadExport = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, batchPk }: { companyPk: number; batchPk: number }) => {
  await companyAccess(db, actor, companyPk, 'accountant');
  const content = await findBatchContent(db, companyPk, batchPk);
  if (content === undefined) throw new NotFoundError();
  return { fileName: `herd-export-${companyPk}-${batchPk}.csv`, content };
};
