import { and, eq, inArray, or } from 'drizzle-orm';
import { FIRM_ROLES, firmRoleRules } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanyAssignments, firmMembers, receipts, userAccountRestrictions, users } from '../../../db/schema/index.js';
import { usersOfCompany } from '../../../kernel/company-membership.js';
import { clientRecipients, peopleSeeingAnyOf, receiptRecipients } from './note-recipients.queries.js';

/** Roles that see every client of the firm, and so hear about every one. */
const ALL_CLIENT_ROLES = FIRM_ROLES.filter((role) => firmRoleRules.seesAllClients(role));

/**
 * The firm's people who can see a company, by the same rule as `companyAccess`:
 * admins (who see every client) and the team members assigned to it. With no
 * company (the firm's own thread), every active member of the firm.
 */
export const firmAudience = async (db: Db, firmId: number, companyPk: number | null): Promise<number[]> => {
  const seesCompany =
    companyPk === null
      ? undefined
      : or(
          inArray(firmMembers.role, ALL_CLIENT_ROLES),
          inArray(
            firmMembers.pk,
            db.select({ pk: clientCompanyAssignments.firmMemberId }).from(clientCompanyAssignments).where(eq(clientCompanyAssignments.clientCompanyId, companyPk)),
          ),
        );
  const rows = await db
    .select({ pk: users.pk })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(users.isActive, true), seesCompany));
  return rows.map((r) => r.pk);
};

/** The company's active users who can see at least one of the transactions, by pk. */
const seeingAnyOf = async (db: Db, companyPk: number, pks: number[]): Promise<number[]> => (await peopleSeeingAnyOf(db, companyPk, pks)).map((p) => p.pk);

/**
 * The company's active users who can see at least one of the receipts, by the rule of
 * `receiptRecipients` (no account restriction, or the one who handed it over, or one who sees the
 * transaction it is matched to): a handful of reads whatever their number.
 */
const seeingAnyReceipt = async (db: Db, companyPk: number, pks: number[]): Promise<number[]> => {
  if (pks.length === 0) return [];
  const rows = await db
    .select({ uploadedBy: receipts.uploadedBy, transactionId: receipts.transactionId })
    .from(receipts)
    .where(and(eq(receipts.clientCompanyId, companyPk), inArray(receipts.pk, pks)));
  if (rows.length === 0) return [];
  const people = (await usersOfCompany(db, companyPk)).filter((u) => u.isActive);
  const restricted = new Set(
    (await db.select({ userId: userAccountRestrictions.userId }).from(userAccountRestrictions).where(eq(userAccountRestrictions.clientCompanyId, companyPk))).map(
      (r) => r.userId,
    ),
  );
  const uploaders = new Set(rows.map((r) => r.uploadedBy));
  const seeTransaction = new Set(
    await seeingAnyOf(
      db,
      companyPk,
      rows.flatMap((r) => (r.transactionId === null ? [] : [r.transactionId])),
    ),
  );
  return people.filter((p) => !restricted.has(p.pk) || uploaders.has(p.pk) || seeTransaction.has(p.pk)).map((p) => p.pk);
};

/** What the client's people must be able to see to hear about it (for several transactions or receipts: at least one of them). */
export type ClientObject =
  | { type: 'company' }
  | { type: 'transaction'; pk: number }
  | { type: 'transactions'; pks: number[] }
  | { type: 'receipt'; pk: number }
  | { type: 'receipts'; pks: number[] };

/**
 * The client's people who can see the object: every active user of the
 * company for the company itself (its requests, its thread), less those whose
 * account restrictions hide a transaction, and for a receipt those allowed to
 * see it (`docs/receipts.md`).
 */
export const clientAudience = async (db: Db, companyPk: number, object: ClientObject): Promise<number[]> => {
  if (object.type === 'transactions') return seeingAnyOf(db, companyPk, object.pks);
  if (object.type === 'receipts') return seeingAnyReceipt(db, companyPk, object.pks);
  const people =
    object.type === 'receipt'
      ? await receiptRecipients(db, companyPk, object.pk)
      : await clientRecipients(db, companyPk, object.type === 'transaction' ? object.pk : null);
  return people.map((p) => p.pk);
};
