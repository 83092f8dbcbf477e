import { clientConfig } from '../auth.js';
import { endpoint } from '../endpoint.js';

/** What the web app reads before anything else. */
export const appEndpoints = {
  /** Runtime settings, so one build runs in any deployment; any answer also hands out the CSRF cookie. */
  clientConfig: endpoint({
    method: 'GET',
    path: 'generic/client-config/',
    tags: ['generic'],
    summary: 'Runtime settings of the web app',
    responses: { 200: clientConfig },
  }),
};
