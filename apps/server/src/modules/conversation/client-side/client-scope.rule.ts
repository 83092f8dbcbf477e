import { ForbiddenError } from '../../../lib/errors.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';

/** Only a company's CLIENT (not a coworker) or the firm manages who else has access. */
export const assertManagesCompanyUsers = (access: CompanyAccess): void => {
  if (!access.viewingAsClient && access.role !== 'CLIENT') throw new ForbiddenError();
};
