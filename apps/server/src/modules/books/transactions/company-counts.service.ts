import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { COMMUNICATION_LIST_STATUSES, RECEIPT_LIST_STATUSES } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { clientCompanies, communications, receipts, transactionCounts } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';

/**
 * Open work per client company the user can see: what waits for the client,
 * what waits for the accountant, what the ledger refused (one grouped query
 * over the counts the triggers keep, a few rows per company), and the
 * receipts and requests (communications) still active (not hidden, not
 * done). Companies with nothing open are left out. `companyPks`: only these companies (still only those the
 * user sees), as the clients list asks for its page: the whole firm's answer grows with the firm.
 */
export const countsPerCompany = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPks }: { companyPks?: number[] | undefined }) => {
  const firmActor = can.workOnClients(actor);
  const companiesWhere = and(visibleCompaniesWhere(firmActor), companyPks ? inArray(clientCompanies.pk, companyPks) : undefined);
  const [transactionRows, receiptRows, requestRows] = await Promise.all([
    db
      .select({
        client_company: transactionCounts.clientCompanyId,
        waiting_for_client: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'READY'), 0)`.mapWith(Number),
        to_review: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'FINISHED_IN_HERD'), 0)`.mapWith(Number),
        sync_errors: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'SYNC_ERROR'), 0)`.mapWith(Number),
      })
      .from(transactionCounts)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, transactionCounts.clientCompanyId))
      .where(
        and(
          companiesWhere,
          eq(transactionCounts.isHidden, false),
          sql`${transactionCounts.status} in ('READY','FINISHED_IN_HERD','SYNC_ERROR')`,
          // A count that went back to zero keeps its row; such a company has nothing open.
          sql`${transactionCounts.n} > 0`,
        ),
      )
      .groupBy(transactionCounts.clientCompanyId),
    // Receipts of the firm's inbox (no company yet) are not any company's work.
    db
      .select({ client_company: receipts.clientCompanyId, open_receipts: count() })
      .from(receipts)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, receipts.clientCompanyId))
      .where(
        and(
          companiesWhere,
          eq(receipts.firmId, firmActor.firmId),
          isNotNull(receipts.clientCompanyId),
          eq(receipts.isHidden, false),
          inArray(receipts.status, [...RECEIPT_LIST_STATUSES.active]),
        ),
      )
      .groupBy(receipts.clientCompanyId),
    db
      .select({ client_company: communications.clientCompanyId, open_requests: count() })
      .from(communications)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, communications.clientCompanyId))
      .where(
        and(
          companiesWhere,
          eq(communications.firmId, firmActor.firmId),
          eq(communications.isHidden, false),
          inArray(communications.status, [...COMMUNICATION_LIST_STATUSES.active]),
        ),
      )
      .groupBy(communications.clientCompanyId),
  ]);
  const openReceipts = new Map(receiptRows.map((row) => [row.client_company!, row.open_receipts]));
  const openRequests = new Map(requestRows.map((row) => [row.client_company, row.open_requests]));
  const companies = new Set([...transactionRows.map((row) => row.client_company), ...openReceipts.keys(), ...openRequests.keys()]);
  const byCompany = new Map(transactionRows.map((row) => [row.client_company, row]));
  const rows = [...companies].map((company) => ({
    ...(byCompany.get(company) ?? { client_company: company, waiting_for_client: 0, to_review: 0, sync_errors: 0 }),
    open_receipts: openReceipts.get(company) ?? 0,
    open_requests: openRequests.get(company) ?? 0,
  }));
  return rows;
};
