/** API paths (relative to /api/v1/ unless absolute), as SPEC §7 names them. */
export const API_PREFIX = '/api/v1';
export const HEALTHCHECK_PATH = '/api/healthcheck/';

export const apiPath = (path: string) => `${API_PREFIX}/${path}`;

/**
 * Client companies, people, firm settings and files (relative to /api/v1/).
 * Fill `{pk}` / `{name}` with the web app's path builder.
 */
export const accountingPaths = {
  fileCreate: 'storage/file/create/',
} as const;
