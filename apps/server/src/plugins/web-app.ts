import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { details } from '@herd/contract';

/**
 * Headers that only mean something on a document (what it may load, frame or
 * open), set on every answer by helmet. A script or style sheet under /assets/
 * is never a document, so they are dropped there: every file of a first load
 * would otherwise carry about 700 bytes of them. `X-Content-Type-Options:
 * nosniff` and `Cross-Origin-Resource-Policy` stay, since they guard how a
 * script itself may be used.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Serves the built single-page app. The build writes a brotli and a gzip copy
 * of every asset; the best one the browser accepts is sent as it is, with no
 * work per request. Hashed assets are cached for good, index.html is
 * revalidated (it names the hashes of a new release). Any other GET outside
 * /api, /sandbox and /assets falls back to index.html so client routes work on reload.
 * Unknown /api paths, and the built-in sandboxes when they are off, stay JSON 404s.
 * A file under /assets/ that is not there (a tab opened before a release asks
 * for a chunk the release replaced) is a plain 404: answered with the page, the
 * browser refuses it as a script of the wrong MIME type and the tab is stuck; a
 * 404 fails the import cleanly, and the app reloads itself once to get the release.
 */
export const registerWebApp = async (app: FastifyInstance, distDir: string | null): Promise<void> => {
  const index = distDir ? path.join(distDir, 'index.html') : null;
  const hasApp = index !== null && existsSync(index);
  if (hasApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our Cache-Control below, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The plugin hands over Node's own response (its type names only part of it), where helmet's headers already are.
        // eslint-disable-next-line no-restricted-syntax -- Node's own response, whose type the plugin names only in part.
        if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) (res as unknown as ServerResponse).removeHeader(name);
        // The same address answers in several encodings: shared caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    // A sandbox this deployment does not run (a real Twilio or Stripe account is configured) is absent, not the app.
    const isApi = /^\/(api|sandbox)(\/|\?|$)/.test(request.url);
    if (/^\/assets\//.test(request.url)) {
      // Not cached: the file may yet appear (a release being copied in), and a stale 404 would outlive it.
      return reply.status(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found.');
    }
    if (!isApi && hasApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: details.notFound });
  });
};
