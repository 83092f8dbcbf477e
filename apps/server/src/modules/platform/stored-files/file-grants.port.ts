import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../kernel/actor.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';

/**
 * Another way a client sees a file of their firm: through something of another module that holds it
 * (a receipt they may see, a communication of their company). The module that owns the thing offers
 * its grant and the app hands the list to storage (`AppDeps.fileGrants`, built in app.ts), so storage,
 * which every module files through, imports none of them. `access` is the person's access to the
 * file's company, or null for a firm-level file.
 */
export type FileGrant = (db: Db, actor: Actor, file: { pk: number }, access: CompanyAccess | null) => Promise<boolean>;
