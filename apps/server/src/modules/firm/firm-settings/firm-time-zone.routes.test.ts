import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmMembers, firms, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => t?.close());

const SETTINGS = 'accounting/accountant/firm-settings/';
const UPDATE = 'accounting/accountant/firm-settings/update/';

describe('the firm’s time zone', () => {
  it('is US Eastern for a firm that never chose one; the admin sets an IANA zone, stored under its canonical name', async () => {
    expect((await cast.admin.get(SETTINGS)).json().time_zone).toBe('America/New_York');
    const res = await cast.admin.patch(UPDATE, { time_zone: 'Europe/Paris' });
    expect(res.statusCode).toBe(200);
    expect(res.json().time_zone).toBe('Europe/Paris');
    expect((await cast.admin.patch(UPDATE, { time_zone: 'Etc/UTC' })).json().time_zone).toBe('UTC');
    const [row] = await t.db.select().from(firms).where(eq(firms.pk, cast.firm.firmId));
    expect(row!.timeZone).toBe('UTC');
    // Staff read it (it dates their schedules); only an admin changes it.
    expect((await cast.teamMember.get(SETTINGS)).json().time_zone).toBe('UTC');
    expect((await cast.teamMember.patch(UPDATE, { time_zone: 'Asia/Tokyo' })).statusCode).toBe(403);
    expect((await cast.client.patch(UPDATE, { time_zone: 'Asia/Tokyo' })).statusCode).toBe(403);
  });

  it('refuses a name no time zone database knows, a raw offset, or a value of the wrong kind', async () => {
    for (const bad of ['Mars/Olympus_Mons', '+05:00', 'UTC+5', '', 'America/New_York; DROP', 42, null]) {
      const res = await cast.admin.patch(UPDATE, { time_zone: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().time_zone, String(bad)).toEqual([bad === null ? 'Time zone is required.' : 'Time zone is not valid.']);
    }
  });
});

describe('signing up sends the browser’s zone', () => {
  const PASSWORD = 'quiet harbour lantern 42';
  const body = (email: string, extra: object) => ({ email, password: PASSWORD, first_name: 'Pat', last_name: 'Ledger', company_name: 'Ledger & Co', ...extra });

  const signUp = async (extra: object) => {
    const email = uniqueEmail('tz');
    const client = newClient();
    expect((await client.post('users/accountant-signup/', body(email, extra))).statusCode).toBe(200);
    await t.runJobs();
    const code = codeFromEmail(await t.lastMailTo(email), 'signup');
    expect((await client.post('users/accountant-signup/confirm/', { code })).statusCode).toBe(200);
    const [row] = await t.db
      .select({ timeZone: firms.timeZone })
      .from(firms)
      .innerJoin(firmMembers, eq(firmMembers.firmId, firms.pk))
      .innerJoin(users, eq(users.pk, firmMembers.userId))
      .where(sql`lower(${users.email}) = ${email}`);
    return row!.timeZone;
  };

  it('the new firm takes the zone the browser named, or US Eastern when it named none', async () => {
    expect(await signUp({ time_zone: 'America/Los_Angeles' })).toBe('America/Los_Angeles');
    expect(await signUp({})).toBe('America/New_York');
  });

  it('a zone that is not one is a field error, before anything is queued', async () => {
    const res = await newClient().post('users/accountant-signup/', body(uniqueEmail('tzbad'), { time_zone: 'Nowhere/Town' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ time_zone: ['Time zone is not valid.'] });
  });
});
