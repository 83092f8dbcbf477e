import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { globalBanners } from '../../../db/schema/index.js';
import { createFirm } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { findVisibleBanners } from './banners.queries.js';
import { BANNER_MAX_LENGTH, BANNER_USAGE, parseBannerArgs, runBannerCommand } from './banner.command.js';

const NOW = new Date('2026-11-26T10:00:00Z');

describe('the banner command line', () => {
  it('reads create with its options, list and end', () => {
    expect(parseBannerArgs(['create', 'Maintenance tonight'], NOW)).toEqual({
      action: 'create',
      message: 'Maintenance tonight',
      level: 'info',
      endsAt: null,
      firmId: null,
      dismissible: true,
    });
    expect(parseBannerArgs(['create', 'QuickBooks is slow', '--level', 'warning', '--until', '2026-11-30', '--firm', '4', '--not-dismissible'], NOW)).toEqual({
      action: 'create',
      message: 'QuickBooks is slow',
      level: 'warning',
      // A date alone shows the banner through that day.
      endsAt: new Date('2026-12-01T00:00:00Z'),
      firmId: 4,
      dismissible: false,
    });
    expect(parseBannerArgs(['create', 'x', '--until', '2026-11-26T18:30:00Z'], NOW)).toMatchObject({ endsAt: new Date('2026-11-26T18:30:00Z') });
    expect(parseBannerArgs(['list'], NOW)).toEqual({ action: 'list' });
    expect(parseBannerArgs(['end', '12'], NOW)).toEqual({ action: 'end', pk: 12 });
  });

  it.each([
    [[], 'Say create, list or end.'],
    [['create'], 'create takes one text: put it in quotes.'],
    [['create', 'two', 'words'], 'create takes one text: put it in quotes.'],
    [['create', '   '], 'The banner needs a text.'],
    [['create', 'x'.repeat(BANNER_MAX_LENGTH + 1)], `at most ${BANNER_MAX_LENGTH} fit`],
    [['create', 'x', '--level', 'loud'], '--level is one of info, warning, error, not "loud".'],
    [['create', 'x', '--until', 'friday'], 'not "friday"'],
    [['create', 'x', '--until', '2026-11-25'], '--until 2026-11-25 has already passed.'],
    [['create', 'x', '--until'], '--until needs a value.'],
    [['create', 'x', '--firm', 'acme'], `--firm takes a firm's number, not "acme".`],
    [['end', 'seven'], `end takes a banner's number, not "seven".`],
    [['list', '--level', 'info'], 'Say create, list or end.'],
  ])('refuses %o and says how to write it', (args, message) => {
    expect(() => parseBannerArgs(args, NOW)).toThrow(message);
    expect(() => parseBannerArgs(args, NOW)).toThrow(BANNER_USAGE);
  });
});

describe('running the banner command', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const visibleTo = async (userId: number, firmId: number) => (await findVisibleBanners(database.db, userId, firmId)).map((b) => b.message);

  it('a banner for one firm shows to its people only, until it is ended', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const [created] = await runBannerCommand(db, parseBannerArgs(['create', 'Your ledger reconnects tonight', '--firm', String(firm.firmId), '--level', 'warning']));
    const pk = Number(/^Banner (\d+) \(warning\) now shows to firm \d+ until it is ended\.$/.exec(created!)?.[1]);
    expect(pk).toBeGreaterThan(0);

    expect(await visibleTo(firm.adminId, firm.firmId)).toContain('Your ledger reconnects tonight');
    expect(await visibleTo(other.adminId, other.firmId)).not.toContain('Your ledger reconnects tonight');
    expect((await runBannerCommand(db, { action: 'list' })).some((line) => line.startsWith(`${pk}\twarning\tfirm ${firm.firmId}\tshowing\tdismissed by 0\t`))).toBe(true);

    expect(await runBannerCommand(db, { action: 'end', pk })).toEqual([`Banner ${pk} has ended: nobody sees it any more.`]);
    expect(await visibleTo(firm.adminId, firm.firmId)).not.toContain('Your ledger reconnects tonight');
    expect((await runBannerCommand(db, { action: 'list' })).some((line) => line.startsWith(`${pk}\twarning\tfirm ${firm.firmId}\tended\t`))).toBe(true);
  });

  it('a banner with an end stops showing by itself once that time has passed', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const [created] = await runBannerCommand(db, parseBannerArgs(['create', 'Planned maintenance', '--until', '2099-01-01']));
    expect(created).toMatch(/now shows to everyone until 2099-01-02T00:00:00.000Z\.$/);
    expect(await visibleTo(firm.adminId, firm.firmId)).toContain('Planned maintenance');

    // Time passes: the end is now behind us.
    await db
      .update(globalBanners)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(globalBanners.message, 'Planned maintenance'));
    expect(await visibleTo(firm.adminId, firm.firmId)).not.toContain('Planned maintenance');
  });

  it('refuses a firm or a banner that does not exist', async () => {
    const { db } = database;
    await expect(runBannerCommand(db, parseBannerArgs(['create', 'x', '--firm', '999999']))).rejects.toThrow('There is no firm 999999.');
    await expect(runBannerCommand(db, { action: 'end', pk: 999999 })).rejects.toThrow('There is no banner 999999.');
  });
});
