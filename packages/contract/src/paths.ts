/** API paths (relative to /api/v1/ unless absolute), as SPEC §7 names them. */
export const API_PREFIX = '/api/v1';
export const HEALTHCHECK_PATH = '/api/healthcheck/';

export const apiPath = (path: string) => `${API_PREFIX}/${path}`;

/**
 * Client companies, people, firm settings and files (relative to /api/v1/).
 * Fill `{pk}` / `{name}` with the web app's path builder.
 */
export const accountingPaths = {
  clientCompanyCreate: 'accounting/accountant/client-companies/create/',
  clientCompanyList: 'accounting/accountant/client-companies/list/',
  clientCompanyCsv: 'accounting/accountant/client-companies/csv/',
  clientCompanyRetrieve: 'accounting/accountant/client-company/{pk}/retrieve/',
  clientCompanyUpdate: 'accounting/accountant/client-company/{pk}/update/',
  clientCompanySyncDate: 'accounting/accountant/client-company/{pk}/update/sync-date/',
  clientCompanyDisconnect: 'accounting/accountant/client-company/{pk}/disconnect/',
  disconnectAll: 'accounting/accountant/disconnect-all/',
  fileCreate: 'storage/file/create/',
  ownCompanies: 'accounting/client/companies/list/',
  ownCompany: 'accounting/client/company/{pk}/retrieve/',
  myAccountant: 'accounting/my-accountant/',
  clientCoworkers: 'accounting/client-coworker/',
  clientCoworker: 'accounting/client-coworker/{pk}/',
} as const;
