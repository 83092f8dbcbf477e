import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERD_THEME_COLOR } from '@herd/contract';
import { firms } from '../../../db/schema/index.js';
import { TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

describe('the web app manifest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes Herd installable for anyone, in the colour of the signed-in person’s firm where it set one', async () => {
    const cast = await signedInCast(t.db, () => new TestClient(t.app));
    const signedOut = (await cast.anonymous.get('generic/app-manifest/')).json();
    expect(signedOut).toMatchObject({ name: 'Herd', short_name: 'Herd', display: 'standalone', start_url: '/dashboard/', theme_color: HERD_THEME_COLOR });
    expect(signedOut.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect((await cast.client.get('generic/app-manifest/')).json().theme_color).toBe(HERD_THEME_COLOR);
    await t.db.update(firms).set({ mainColor: '#7a2e8c' }).where(eq(firms.pk, cast.firm.firmId));
    expect((await cast.client.get('generic/app-manifest/')).json().theme_color).toBe('#7a2e8c');
    expect((await cast.admin.get('generic/app-manifest/')).json().theme_color).toBe('#7a2e8c');
    // Another firm's colour never shows to anyone else.
    expect((await cast.otherFirmAdmin.get('generic/app-manifest/')).json().theme_color).toBe(HERD_THEME_COLOR);
    expect((await cast.anonymous.get('generic/app-manifest/')).json().theme_color).toBe(HERD_THEME_COLOR);
  });
});
