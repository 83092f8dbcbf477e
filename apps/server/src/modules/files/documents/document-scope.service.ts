import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.js';
import { companyAccess, type CompanyAccess, type Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { findChain, findDocuments, type DocumentHome, type DocumentRow } from './documents.queries.js';

/** Whose documents a request reads, and from which side (docs/documents.md, "Who sees and changes what"). */
export interface DocumentScope {
  access: CompanyAccess;
  home: DocumentHome;
  /** The client's screens (an accountant viewing as the client included): accountant-only folders are not there. */
  clientView: boolean;
  /** One of the client's own people: changes only what their company added. */
  actsAsClient: boolean;
}

export const documentScope = async (db: Db, actor: Actor, companyPk: number, side: Side): Promise<DocumentScope> => {
  const access = await companyAccess(db, actor, companyPk, side);
  return {
    access,
    home: { firmId: access.company.firmId, companyPk: access.company.pk },
    clientView: access.side === 'client',
    actsAsClient: access.side === 'client' && !access.viewingAsClient,
  };
};

/** A chain the scope may see: complete (nothing above is in the trash) and, in the client's view, with no accountant-only folder. */
const chainVisible = (scope: DocumentScope, chain: DocumentRow[]) => chain.length > 0 && !(scope.clientView && chain.some((row) => row.accountantOnly));

/** A folder the scope may open, with its chain (the top one first). Anything else, a file included, is 404. */
export const visibleFolder = async (db: Db, scope: DocumentScope, folderPk: number): Promise<DocumentRow[]> => {
  const chain = await findChain(db, scope.home, folderPk);
  if (!chainVisible(scope, chain) || chain.at(-1)!.kind !== 'FOLDER') throw new NotFoundError();
  return chain;
};

/** The chain of a folder the scope may put things in, or [] for the top level. */
export const targetChain = (db: Db, scope: DocumentScope, folderPk: number | null | undefined) =>
  folderPk == null ? Promise.resolve([] as DocumentRow[]) : visibleFolder(db, scope, folderPk);

/** Items the scope may see, in the order asked; any pk outside it (another company's, in the trash, under an accountant-only folder for a client) is 404. */
export const visibleItems = async (db: Db, scope: DocumentScope, pks: number[]): Promise<DocumentRow[]> => {
  const unique = [...new Set(pks)];
  const rows = await findDocuments(db, scope.home, unique);
  if (rows.length !== unique.length) throw new NotFoundError();
  const parents = [...new Set(rows.map((row) => row.parentId).filter((pk): pk is number => pk !== null))];
  for (const parentPk of parents) if (!chainVisible(scope, await findChain(db, scope.home, parentPk))) throw new NotFoundError();
  if (scope.clientView && rows.some((row) => row.accountantOnly)) throw new NotFoundError();
  return unique.map((pk) => rows.find((row) => row.pk === pk)!);
};

/** The client's people change only what their company added; the firm's files are theirs to read. */
export const mayChange = (scope: DocumentScope, row: DocumentRow) => !scope.actsAsClient || row.addedByClient;

export const requireChangeable = (scope: DocumentScope, rows: DocumentRow[]) => {
  const locked = rows.find((row) => !mayChange(scope, row));
  if (locked) throw new ForbiddenError(`“${locked.name}” was added by your accountant: you can open and download it, not change it.`);
};
