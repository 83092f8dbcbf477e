import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.js';
import { DOCUMENT_ONLY_HEADERS, registerWebApp } from './web-app.js';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('Herd '.repeat(400))});`;
const WORKER = `self.addEventListener('push', () => {}); // ${'worker '.repeat(200)}`;

/** A built app as the build leaves it: every file beside its brotli and gzip copies. */
const builtApp = () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'herd-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-1a2b3c.js', SCRIPT);
  write('sw.js', WORKER);
  return dist;
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // Helmet as the app registers it: its headers land on every answer before the file is sent.
  await app.register(helmet);
  await registerCompression(app);
  await registerWebApp(app, builtApp());
  await app.ready();
});
afterAll(async () => app?.close());

describe('the built app as served', () => {
  it('serves the service worker as a script that is always revalidated, at the root its scope needs', async () => {
    const res = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A release's new worker is found on the next visit only if the browser asks again for it.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(WORKER);
  });

  it('sends the brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when that is all the browser takes, and the plain file when it takes neither', async () => {
    const gzipped = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates index.html, at its own path and as the fallback of a client route', async () => {
    for (const url of ['/index.html', '/dashboard/accountant/']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('sends a script without the headers meant for documents, keeping nosniff and the resource policy', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps the document headers (CSP, framing) on index.html and the client routes it answers', async () => {
    for (const url of ['/index.html', '/auth/']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('answers an unknown API path, and a sandbox this deployment does not run, with a JSON 404, not the app', async () => {
    for (const url of ['/api/v1/nothing-here/', '/sandbox/twilio/', '/sandbox/twilio']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers a file under /assets/ that is not there with a 404, not the app, so an old tab sees its chunk is gone', async () => {
    for (const url of ['/assets/page-0ld0ld.js', '/assets/styles-0ld0ld.css', '/assets/nested/x.js?v=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(res.headers['cache-control'], url).toBe('no-store');
        if (method === 'GET') expect(res.body, url).not.toContain('<html');
      }
    }
    // A file that is there is still served.
    expect((await app.inject({ url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
  });
});
