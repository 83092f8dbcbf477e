import { expect } from 'vitest';
import type { TestClient } from './client.js';
import { totpCodeAt } from '../src/modules/people/mfa/totp.rule.js';

/** Sets up an authenticator app for the signed-in client's user, as the app would: answers the secret and the recovery codes. */
export const setUpTotp = async (client: TestClient, nowMs = Date.now()) => {
  const start = await client.post('users/mfa/totp/setup/');
  expect(start.statusCode).toBe(200);
  const { secret } = start.json() as { secret: string };
  const confirm = await client.post('users/mfa/totp/setup/confirm/', { code: totpCodeAt(secret, nowMs) });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
};
