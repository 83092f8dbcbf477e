import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailable, type ClientConfig } from '@herd/contract';
import { DEMO } from './seed/demo.js';
import { NO_EMAIL_WARNING } from './start-messages.js';
import { freePort } from '../test/free-port.js';

const MAIN = path.join(import.meta.dirname, 'main.ts');
let server: ChildProcess;
let base: string;
let output = '';

/**
 * What an operator gets from `NODE_ENV=production npm start` on a fresh embedded database and no
 * provider credentials: the real process, started as the README says, asked from outside.
 */
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'herd-prod-')), 'data'),
      WEB_DIST_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
    const check = setInterval(() => {
      const failed = server.exitCode !== null;
      if (!failed && !output.includes('Herd is running')) return;
      clearInterval(check);
      clearTimeout(timer);
      if (failed) reject(new Error(`exited:\n${output}`));
      else resolve();
    }, 100);
  });
}, 100_000);
afterAll(() => {
  server?.kill('SIGKILL');
});

/** A POST as a browser sends it: with the CSRF cookie the server handed out and its header. */
const post = async (apiPath: string, body: object) => {
  const csrf = await fetch(`${base}/api/healthcheck/`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
  return fetch(`${base}/api/v1/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': token },
    body: JSON.stringify(body),
  });
};

describe('a production start with nothing configured', () => {
  it('creates no demo firm: the README’s sign-in does not work, and the log offers none', async () => {
    const login = await post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    expect(login.status).toBe(400);
    expect(output).not.toContain(DEMO.password);
  });

  it('mounts no sandbox and advertises none', async () => {
    for (const page of ['/sandbox/twilio/', '/sandbox/qbo/connect/oauth2?client_id=herd-sandbox', '/sandbox/stripe/']) {
      expect((await fetch(`${base}${page}`)).status).toBe(404);
    }
    const config = (await (await fetch(`${base}/api/v1/generic/client-config/`)).json()) as ClientConfig;
    // No value names a sandbox (the flag that says whether the sandbox Karbon is on is false, below).
    expect(JSON.stringify(Object.values(config))).not.toContain('sandbox');
    // Without Intuit's credentials there is no sign-up with Intuit to offer.
    expect(config.quickbooks_signup).toBe(false);
    expect(config.xero).toBe('off');
    expect(config).toMatchObject({ quickbooks: 'off', karbon_sandbox: false, texts: false });
  });

  it('warns in its log that no email can leave, and a sign-up by email says so rather than "check your email"', async () => {
    expect(output).toContain(NO_EMAIL_WARNING);
    const config = (await (await fetch(`${base}/api/v1/generic/client-config/`)).json()) as ClientConfig;
    expect(config.email_delivery).toBe(false);
    const signup = await post('users/accountant-signup/', {
      email: 'first@firm.example',
      password: 'quiet harbour lantern 42',
      first_name: 'Pat',
      last_name: 'Ledger',
      company_name: 'Ledger & Co',
    });
    expect(signup.status).toBe(400);
    expect(await signup.json()).toEqual({ detail: unavailable.signupByEmail });
  });
});
