import type { CompanyAccess, CompanyRow } from '../src/kernel/company-access.js';
import { UNRESTRICTED } from '../src/kernel/account-scope.js';

/**
 * The firm's own view of one company, unrestricted, as `companyAccess` answers it for a firm admin on the
 * accountant's side: for code that reads below the access check (the list plans' test, the bench's floor),
 * so the shape is written once and follows `CompanyAccess` when it grows. Only the actor's user pk is
 * read there; an actor left out is nobody in particular.
 */
export const firmScope = (company: CompanyRow, actor: Pick<CompanyAccess['actor'], 'userId'> | null = null): CompanyAccess => ({
  actor: (actor ?? {}) as CompanyAccess['actor'],
  company,
  side: 'accountant',
  viewingAsClient: false,
  role: null,
  restrictions: UNRESTRICTED,
  senderKind: 'ACCOUNTANT',
  editable: 'all',
});
