/** Where the API lives; every route under it is declared in the route table (`endpoints/`). */
export const API_PREFIX = '/api/v1';
/** The load balancer's health check, outside the versioned API on purpose: it must not change with it. */
export const HEALTHCHECK_PATH = '/api/healthcheck/';

export const apiPath = (path: string) => `${API_PREFIX}/${path}`;
