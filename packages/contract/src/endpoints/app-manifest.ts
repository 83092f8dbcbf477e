import { appManifest } from '../app-manifest.js';
import { endpoint } from '../endpoint.js';

/**
 * The web app manifest, fetched by the browser itself (index.html's `<link rel="manifest">`, with the
 * session cookie): apart from the app's own endpoints, so the sign-in page's code does not carry it.
 */
export const appManifestEndpoints = {
  manifest: endpoint({
    method: 'GET',
    path: 'generic/app-manifest/',
    tags: ['generic'],
    summary: 'The web app manifest that makes Herd installable, in the signed-in person’s firm’s colour',
    responses: { 200: appManifest },
  }),
};
