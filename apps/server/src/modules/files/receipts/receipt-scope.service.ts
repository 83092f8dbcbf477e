import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import { companyAccess, type CompanyAccess, type Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor, requireFirmActor } from '../../../kernel/permissions.js';
import { RECEIPT_LIST_STATUSES } from '@herd/contract';
import type { FileGrant } from '../../platform/stored-files/stored-files.face.js';
import { countReceipts, findReceiptOfFirm, findReceipts, findReceiptsOfFile, type ReceiptHome, type ReceiptRow, type ReceiptViewer } from './receipts.queries.js';

/** Whose receipts a request reads: the home (firm and company), and the limit a restricted client user has. */
export interface ReceiptScope {
  home: ReceiptHome;
  viewer: ReceiptViewer | null;
  /** Null for the firm's inbox, which belongs to no company. */
  access: CompanyAccess | null;
}

/** A client's own view is limited by their account restrictions; staff (viewing as the client too) see every receipt. */
const viewerOf = (access: CompanyAccess): ReceiptViewer | null =>
  access.side === 'client' && !access.viewingAsClient ? { userPk: access.actor.userId, restrictions: access.restrictions } : null;

/** A company's receipts from one side, through the one visibility rule for companies (404 outside it). */
export const companyReceiptScope = async (db: Db, actor: Actor, companyPk: number, side: Side): Promise<ReceiptScope> => {
  const access = await companyAccess(db, actor, companyPk, side);
  return { home: { firmId: access.company.firmId, companyPk: access.company.pk }, viewer: viewerOf(access), access };
};

/** The firm's inbox: receipts no company has yet. Every member of the firm's staff may see it; a client gets 403. */
export const inboxScope = (actor: Actor): ReceiptScope => {
  const firmActor = requireFirmActor(actor);
  return { home: { firmId: firmActor.firmId, companyPk: null }, viewer: null, access: null };
};

/**
 * The one visibility rule for a receipt reached by its own pk (its notes, its
 * transaction details): a receipt of the actor's firm, in a company they can
 * see from their side and within a restricted client's limit, or in the
 * firm's inbox for its staff. Anything else is 404.
 */
export const receiptAccess = async (db: Db, actor: Actor, receiptPk: number): Promise<{ scope: ReceiptScope; receipt: ReceiptRow }> => {
  if (actor.firmId === null) throw new NotFoundError();
  const row = await findReceiptOfFirm(db, actor.firmId, receiptPk);
  if (!row) throw new NotFoundError();
  if (row.clientCompanyId === null) {
    if (!isFirmActor(actor)) throw new NotFoundError();
    return { scope: inboxScope(actor), receipt: row };
  }
  const scope = await companyReceiptScope(db, actor, row.clientCompanyId, isFirmActor(actor) ? 'accountant' : 'client');
  const [visible] = await findReceipts(db, scope.home, scope.viewer, [receiptPk]);
  if (!visible) throw new NotFoundError();
  return { scope, receipt: visible };
};

/** The scope's receipts with these pks; any pk outside it is 404, as for a receipt that does not exist. */
export const findScopedReceipts = async (db: Db, scope: ReceiptScope, pks: number[]) => {
  const unique = [...new Set(pks)];
  const rows = await findReceipts(db, scope.home, scope.viewer, unique);
  if (rows.length !== unique.length) throw new NotFoundError();
  return unique.map((pk) => rows.find((r) => r.pk === pk)!);
};

/** A client sees the file (or thumbnail) of one of the company's receipts that they may see (storage's grant). */
export const seesReceiptFile: FileGrant = async (db, _actor, file, access) => {
  if (!access) return false;
  const rows = await findReceiptsOfFile(db, { firmId: access.company.firmId, companyPk: access.company.pk }, viewerOf(access), file.pk);
  return rows.length > 0;
};

/**
 * How many of the company's receipts are still open (active, not hidden) for
 * this access: a restricted client user counts only the receipts they see.
 */
export const countOpenReceipts = async (db: Db, access: CompanyAccess) => {
  const counts = await countReceipts(
    db,
    { firmId: access.company.firmId, companyPk: access.company.pk },
    viewerOf(access),
    RECEIPT_LIST_STATUSES.active,
    RECEIPT_LIST_STATUSES.completed,
  );
  return counts.active;
};
