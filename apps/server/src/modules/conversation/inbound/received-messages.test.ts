import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { isAlreadyFiled, onceClaimed } from './received-messages.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('work done once per message', () => {
  it('runs for the first delivery only, and gives the claim back when the work fails so a retry does it', async () => {
    const { firmId } = await createFirm(t.db);
    const ref = { messageKey: `SM${'e'.repeat(32)}`, recipient: 'sms:+15005550006', handler: 'sms-answers', firmId };
    await expect(onceClaimed(t.db, ref, () => Promise.reject(new Error('the database went away')))).rejects.toThrow('the database went away');
    expect(await isAlreadyFiled(t.db, ref)).toBe(false);
    expect(await onceClaimed(t.db, ref, async () => 'answered')).toBe('answered');
    expect(await isAlreadyFiled(t.db, ref)).toBe(true);
    expect(await onceClaimed(t.db, ref, async () => 'answered twice')).toBeNull();
  });
});
