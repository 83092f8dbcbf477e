import { and, eq, inArray } from 'drizzle-orm';
import type { RefKind } from '@herd/contract';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Upload } from '../../../lib/uploads.js';
import type { Actor } from '../../../kernel/actor.js';
import { CsvFormatError } from './read-csv.format.js';
import { parseRefListCsv } from './ref-lists-csv.format.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { AppDeps } from '../../../app-deps.js';

export const IMPORTABLE_LISTS = ['ACCOUNT', 'VENDOR', 'CUSTOMER', 'CLASS', 'LOCATION', 'TAX', 'ITEM', 'PAYMENT_METHOD'] as const;
export type ImportableList = (typeof IMPORTABLE_LISTS)[number];

/**
 * For ledgers Herd holds (CSV, generic): a reference list from a CSV file
 * (multipart `file`, and `list` naming which), upserted in one transaction.
 * The file is read (`readFile`) only once the accountant may import into the company.
 */
export const importRefList = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, readFile }: { companyPk: number; readFile: () => Promise<Upload> }) => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  const { bytes, fields } = await readFile();
  const list = IMPORTABLE_LISTS.find((l) => l === fields.list);
  if (!list) throw ValidationError.field('list', fields.list ? 'List is not valid.' : 'List is required.');
  const text = bytes.toString('utf8');
  if (!['CSV', 'GENERIC'].includes(scope.company.connectionKind)) {
    throw ValidationError.detail('Reference lists come from the ledger for this company; they cannot be imported from a file.');
  }
  let parsed;
  try {
    parsed = parseRefListCsv(text);
  } catch (err) {
    if (err instanceof CsvFormatError) throw ValidationError.field('file', err.message);
    throw err;
  }
  const result = await db.transaction(async (tx) => {
    const ids = parsed.rows.map((r) => r.externalId);
    const existing = new Set(
      ids.length === 0
        ? []
        : list === 'ACCOUNT'
          ? (
              await tx
                .select({ id: ledgerAccounts.externalId })
                .from(ledgerAccounts)
                .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), inArray(ledgerAccounts.externalId, ids)))
            ).map((r) => r.id)
          : (
              await tx
                .select({ id: ledgerRefs.externalId })
                .from(ledgerRefs)
                .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, list as RefKind), inArray(ledgerRefs.externalId, ids)))
            ).map((r) => r.id),
    );
    for (const r of parsed.rows) {
      if (list === 'ACCOUNT') {
        await tx
          .insert(ledgerAccounts)
          .values({ clientCompanyId: companyPk, externalId: r.externalId, name: r.name, accountType: r.type, active: r.active })
          .onConflictDoUpdate({
            target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId],
            set: { name: r.name, accountType: r.type, active: r.active, updatedAt: new Date() },
          });
      } else {
        await tx
          .insert(ledgerRefs)
          .values({ clientCompanyId: companyPk, kind: list, externalId: r.externalId, name: r.name, active: r.active })
          .onConflictDoUpdate({
            target: [ledgerRefs.clientCompanyId, ledgerRefs.kind, ledgerRefs.externalId],
            set: { name: r.name, active: r.active, updatedAt: new Date() },
          });
      }
    }
    const updated = parsed.rows.filter((r) => existing.has(r.externalId)).length;
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: 'reference_list.import_csv',
      targetType: 'client_company',
      targetPk: companyPk,
      details: { list, rows: parsed.rows.length },
    });
    return { imported: parsed.rows.length - updated, updated };
  });
  return { ...result, errors: parsed.errors };
};
