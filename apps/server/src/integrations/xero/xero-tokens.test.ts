import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LedgerNeedsReauthError } from '../../modules/books/ledger/ledger-errors.port.js';
import { openXeroAdapterWorld, XERO_COMPANY as COMPANY, type XeroAdapterWorld } from '../../../test/xero-adapter.js';

/**
 * Xero's refresh tokens are single use: each refresh answers with a new one and the one spent is
 * refused from then on (invalid_grant). A company whose stored refresh token was already spent must
 * be asked to reconnect, after one try; and callers that need a new access token at the same moment
 * must share one refresh, or the second would spend a dead token and lose a working connection.
 */
let world: XeroAdapterWorld;
let fullCount: number;

/** Token requests the simulator has seen (a refresh is the only kind these tests make). */
const tokenRequests = () => world.sim.requests.filter((r) => r.path.endsWith('/identity/connect/token'));
const storedRefreshToken = async () => world.box.open((await world.store.read(COMPANY.pk))!.credentials!.refreshTokenEnc);

beforeAll(async () => {
  world = await openXeroAdapterWorld();
  fullCount = (await world.pullAll()).records.length;
});
afterAll(async () => world?.sim.close());
beforeEach(() => void world.connect());

describe('a refresh token Xero has already rotated', () => {
  it('asks for reauthorization after one refused refresh, keeping the stored tokens as they were', async () => {
    const spent = await storedRefreshToken();
    // Someone else spent it (a refresh whose answer was lost): Xero has moved on to a token Herd never saw.
    await world.context.oauth.refresh(spent);
    world.sim.expireAccessTokens(world.tenant);
    const [saves, tokens, calls] = [world.store.saves, tokenRequests().length, world.sim.requestCount(world.tenant)];

    const run = await world.pull();

    expect(run.error).toBeInstanceOf(LedgerNeedsReauthError);
    expect(world.adapter.classifyError(run.error)).toBe('needs-reauth');
    expect(
      tokenRequests()
        .slice(tokens)
        .map((r) => r.status),
    ).toEqual([400]);
    // The one call that met the expired token, and nothing after the refusal.
    expect(world.sim.requestCount(world.tenant) - calls).toBe(1);
    expect(world.store.saves).toBe(saves);
    expect(await storedRefreshToken()).toBe(spent);
  });
});

describe('callers that need a new access token at the same moment', () => {
  it('share one refresh within a session: one token spent, one saved, every caller handed the new access token', async () => {
    world.connect(-60_000);
    const before = await storedRefreshToken();
    const [saves, tokens] = [world.store.saves, tokenRequests().length];
    const { session } = await world.context.session(COMPANY.pk);

    const handed = await Promise.all([session.accessToken(), session.accessToken(), session.refresh()]);

    expect(
      tokenRequests()
        .slice(tokens)
        .map((r) => r.status),
    ).toEqual([200]);
    expect(new Set(handed).size).toBe(1);
    expect(world.store.saves).toBe(saves + 1);
    expect(await storedRefreshToken()).not.toBe(before);
    expect(world.box.open((await world.store.read(COMPANY.pk))!.credentials!.accessTokenEnc)).toBe(handed[0]);
  });

  it('share one refresh across the sessions of one process: two pulls that meet an expired token both finish', async () => {
    world.sim.expireAccessTokens(world.tenant);
    const tokens = tokenRequests().length;

    const runs = await Promise.all([world.pull(), world.pull()]);

    expect(runs.map((r) => r.error)).toEqual([null, null]);
    expect(runs.map((r) => r.records.length)).toEqual([fullCount, fullCount]);
    // One refresh, or a second with the token the first saved; never a spent one (a 400).
    const statuses = tokenRequests()
      .slice(tokens)
      .map((r) => r.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
