import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { XeroIdentity } from '@herd/simulators';
import { safeEqual } from '../../../lib/crypto.js';
import { BUILTIN_XERO_SANDBOX_PATH } from '../xero-settings.js';

/**
 * Who is signed in at the built-in Xero sandbox in this browser, as a browser stays signed in at
 * login.xero.com: a cookie on the sandbox's path, signed with SECRET_KEY so nobody can name
 * someone else in it. It is set when a signed-in Herd user consents at the sandbox (their sandbox
 * Xero login is theirs), or when someone signs up with the sandbox (a login made for them); "Sign
 * in with Xero" then finds that login, and nothing else can.
 */
export const SANDBOX_PERSON_COOKIE = 'herd_xero_sandbox_person';
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

const sign = (secretKey: string, payload: string) => createHmac('sha256', `herd:xero-sandbox-person:${secretKey}`).update(payload).digest('base64url');

/** A sandbox login's ids, fixed for what it stands for (a Herd user, a sign-up) so the same one comes back. */
export const sandboxLogin = (secretKey: string, key: string, person: { email?: string; givenName?: string; familyName?: string } = {}): XeroIdentity => {
  const id = sign(secretKey, key);
  return {
    sub: id.slice(0, 32),
    xeroUserId: id.slice(10, 42),
    email: person.email ?? `xero-sandbox-${id.slice(0, 8).toLowerCase()}@example.com`,
    givenName: person.givenName ?? 'Sandbox',
    familyName: person.familyName ?? 'Accountant',
  };
};

export const readSandboxPerson = (request: FastifyRequest, secretKey: string): XeroIdentity | null => {
  const [payload, signature] = (request.cookies[SANDBOX_PERSON_COOKIE] ?? '').split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secretKey, payload))) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as XeroIdentity;
  } catch {
    return null;
  }
};

export const rememberSandboxPerson = (reply: FastifyReply, secretKey: string, person: XeroIdentity, secure: boolean) => {
  const payload = Buffer.from(JSON.stringify(person)).toString('base64url');
  reply.setCookie(SANDBOX_PERSON_COOKIE, `${payload}.${sign(secretKey, payload)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: BUILTIN_XERO_SANDBOX_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
};
