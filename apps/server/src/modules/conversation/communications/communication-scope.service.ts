import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { FileGrant } from '../../platform/stored-files/stored-files.face.js';
import { companyAccess, type CompanyAccess, type Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { fileInCommunications } from './communication-details.queries.js';
import { findCommunicationOfFirm, findCommunications, type CommunicationHome, type CommunicationRow } from './communications.queries.js';

/**
 * Whose communications a request reads. Communications are addressed to the
 * company, not to an account, so every client user of the company sees them
 * (account restrictions limit transactions and receipts, not these).
 */
export interface CommunicationScope {
  home: CommunicationHome;
  access: CompanyAccess;
}

/** A company's communications from one side, through the one visibility rule for companies (404 outside it; a client on the accountant's side 403). */
export const companyCommunicationScope = async (db: Db, actor: Actor, companyPk: number, side: Side): Promise<CommunicationScope> => {
  const access = await companyAccess(db, actor, companyPk, side);
  return { home: { firmId: access.company.firmId, companyPk: access.company.pk }, access };
};

/** A communication reached by its own pk (notes, delete, the TIN reveal): of the actor's firm and a company they see. Anything else is 404. */
export const communicationAccess = async (db: Db, actor: Actor, pk: number): Promise<{ scope: CommunicationScope; communication: CommunicationRow }> => {
  if (actor.firmId === null) throw new NotFoundError();
  const row = await findCommunicationOfFirm(db, actor.firmId, pk);
  if (!row) throw new NotFoundError();
  const scope = await companyCommunicationScope(db, actor, row.clientCompanyId, isFirmActor(actor) ? 'accountant' : 'client');
  return { scope, communication: row };
};

/** The scope's communications with these pks, in the order asked; any pk outside it is 404, as for one that does not exist. */
export const findScopedCommunications = async (db: Db, scope: CommunicationScope, pks: number[]) => {
  const unique = [...new Set(pks)];
  const rows = await findCommunications(db, scope.home, unique);
  if (rows.length !== unique.length) throw new NotFoundError();
  return unique.map((pk) => rows.find((r) => r.pk === pk)!);
};

/**
 * Whether a client sees the file through a communication of one of their
 * companies (what the firm shared, even a firm-level file, and the answers).
 * Staff see the firm's files by the storage rule already.
 */
export const clientSeesCommunicationFile: FileGrant = (db, actor, file) =>
  actor.firmId === null ? Promise.resolve(false) : fileInCommunications(db, actor.firmId, actor.clientCompanyIds, file.pk);
