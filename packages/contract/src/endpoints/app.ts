import { appManifest } from '../app-manifest.js';
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
  /** Fetched by the browser itself (index.html's `<link rel="manifest">`, with the session cookie). */
  manifest: endpoint({
    method: 'GET',
    path: 'generic/app-manifest/',
    tags: ['generic'],
    summary: 'The web app manifest that makes Herd installable, in the signed-in person’s firm’s colour',
    responses: { 200: appManifest },
  }),
};
