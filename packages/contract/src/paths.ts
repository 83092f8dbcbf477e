/** API paths (relative to /api/v1/ unless absolute), as SPEC §7 names them. */
export const API_PREFIX = '/api/v1';
export const HEALTHCHECK_PATH = '/api/healthcheck/';

export const paths = {
  signup: 'users/accountant-signup/',
  login: 'users/login/',
  logout: 'users/logout/',
  profile: 'users/profile/',
  profileUpdate: 'users/profile/update/',
  profilePassword: 'users/profile/password/',
  resetPassword: 'users/reset-password/',
  finishResetPassword: 'users/finish-reset-password/{code}/',
  sendMagicLink: 'login/send-magic-link/',
  withMagicLink: 'login/with-magic-link/',
  sendNewMagicLink: 'login/send-new-magic-link/',
  dismissBanner: 'generic/global-banners/dismiss/',
} as const;

export const apiPath = (path: string) => `${API_PREFIX}/${path}`;

/** Runtime settings of the web app (error reporting, tag manager), relative to /api/v1/. */
export const CLIENT_CONFIG_PATH = 'generic/client-config/';

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
  magicLink: 'accounting/accountant/client-company/get-magic-link/',
  sendNotification: 'accounting/accountant/client-company/send-notification/',
  clientUsers: 'accounting/accountant-client-user/',
  clientUser: 'accounting/accountant-client-user/{pk}/',
  clientUserContacts: 'users/accountant/user/{pk}/contacts-update/',
  coworkers: 'accounting/accountant-coworker/',
  coworkersCount: 'accounting/accountant-coworker/count/',
  coworker: 'accounting/accountant-coworker/{pk}/',
  defaultClientCompany: 'accounting/accountant/accountant-company-user/{pk}/default-client-company/update/',
  tour: 'accounting/accountant/accountant-company-user/{pk}/tour/{name}/update/',
  firmSettings: 'accounting/accountant/firm-settings/',
  firmSettingsUpdate: 'accounting/accountant/firm-settings/update/',
  ownCompanies: 'accounting/client/companies/list/',
  ownCompany: 'accounting/client/company/{pk}/retrieve/',
  myAccountant: 'accounting/my-accountant/',
  clientCoworkers: 'accounting/client-coworker/',
  clientCoworker: 'accounting/client-coworker/{pk}/',
} as const;
