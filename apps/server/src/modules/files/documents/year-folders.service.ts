import type { Db } from '../../../db/client.js';
import { giveYearFolder } from './documents.queries.js';
import type { DocumentScope } from './document-scope.service.js';

/**
 * Each company's documents start with a folder for this year and the last (tax season is about last
 * year). Each year's folder is given once, the first time the top level is read in that year, so a
 * folder the firm renamed or deleted is not made again; a name already used is left as it is.
 */
export const giveYearFolders = async (db: Db, scope: DocumentScope, now = new Date()) => {
  const year = now.getUTCFullYear();
  for (const y of [year - 1, year]) await giveYearFolder(db, scope.home, y);
};
