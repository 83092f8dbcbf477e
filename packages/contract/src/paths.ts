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
