import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bannerDismissals, firms, globalBanners } from '../../../db/schema/index.js';
import { OperatorUsageError, takeFirmOption } from '../../../lib/operator-args.js';

export const BANNER_LEVELS = ['info', 'warning', 'error'] as const;
type BannerLevel = (typeof BANNER_LEVELS)[number];

export const BANNER_USAGE = `Usage: npm run banner -- create "<text>" [--level info|warning|error] [--until <date or time>] [--firm <pk>] [--not-dismissible]
       npm run banner -- list
       npm run banner -- end <pk>
A date alone (2026-12-01) shows the banner through that day (UTC); a time (2026-12-01T18:00Z) ends it then.
Without --firm the banner shows to everyone who signs in.`;

/** The longest banner text: one or two lines across the top of the screen. */
export const BANNER_MAX_LENGTH = 500;

export type BannerCommand =
  | { action: 'create'; message: string; level: BannerLevel; endsAt: Date | null; firmId: number | null; dismissible: boolean }
  | { action: 'list' }
  | { action: 'end'; pk: number };

const usage = (problem: string) => new OperatorUsageError(`${problem}\n${BANNER_USAGE}`);

/** Takes `--name value` out of the arguments, answering the value (or null when absent). */
const takeOption = (rest: string[], name: string): string | null => {
  const at = rest.indexOf(name);
  if (at === -1) return null;
  const value = rest[at + 1];
  if (value === undefined || value.startsWith('--')) throw usage(`${name} needs a value.`);
  rest.splice(at, 2);
  return value;
};

const takeFlag = (rest: string[], name: string): boolean => {
  const at = rest.indexOf(name);
  if (at !== -1) rest.splice(at, 1);
  return at !== -1;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date means "through that day" (UTC midnight after it); a date and time means that moment. */
const parseUntil = (raw: string, now: Date): Date => {
  const parsed = DATE_ONLY.test(raw) ? new Date(`${raw}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(parsed.getTime())) throw usage(`--until takes a date (2026-12-01) or a date and time (2026-12-01T18:00Z), not "${raw}".`);
  const endsAt = DATE_ONLY.test(raw) ? new Date(parsed.getTime() + DAY_MS) : parsed;
  if (endsAt <= now) throw usage(`--until ${raw} has already passed.`);
  return endsAt;
};

/** Reads the operator's arguments, or says what is wrong with them and how to write them. */
export const parseBannerArgs = (args: readonly string[], now = new Date()): BannerCommand => {
  const rest = [...args];
  const firmId = takeFirmOption(rest, BANNER_USAGE);
  const level = takeOption(rest, '--level');
  const until = takeOption(rest, '--until');
  const notDismissible = takeFlag(rest, '--not-dismissible');
  const [action, ...operands] = rest;
  const createOnly = firmId !== null || level !== null || until !== null || notDismissible;
  if (action === 'list' && operands.length === 0 && !createOnly) return { action };
  if (action === 'end' && operands.length === 1 && !createOnly) {
    const raw = operands[0]!;
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw usage(`end takes a banner's number, not "${raw}".`);
    return { action, pk: Number(raw) };
  }
  if (action === 'create' && operands.length === 1) {
    const message = operands[0]!.trim();
    if (!message) throw usage('The banner needs a text.');
    if (message.length > BANNER_MAX_LENGTH) throw usage(`The banner's text is ${message.length} characters; at most ${BANNER_MAX_LENGTH} fit.`);
    if (level !== null && !(BANNER_LEVELS as readonly string[]).includes(level)) throw usage(`--level is one of ${BANNER_LEVELS.join(', ')}, not "${level}".`);
    return {
      action,
      message,
      level: (level ?? 'info') as BannerLevel,
      endsAt: until === null ? null : parseUntil(until, now),
      firmId,
      dismissible: !notDismissible,
    };
  }
  throw usage(action === 'create' ? 'create takes one text: put it in quotes.' : 'Say create, list or end.');
};

const stateOf = (banner: { active: boolean; endsAt: Date | null }, now: Date) =>
  !banner.active ? 'ended' : banner.endsAt && banner.endsAt <= now ? 'expired' : banner.endsAt ? `until ${banner.endsAt.toISOString()}` : 'showing';

/** Carries out one command and answers the lines to print. */
export const runBannerCommand = async (db: Db, command: BannerCommand, now = new Date()): Promise<string[]> => {
  if (command.action === 'create') {
    if (command.firmId !== null) {
      const [firm] = await db.select({ pk: firms.pk }).from(firms).where(eq(firms.pk, command.firmId));
      if (!firm) throw new OperatorUsageError(`There is no firm ${command.firmId}.`);
    }
    const [banner] = await db
      .insert(globalBanners)
      .values({ message: command.message, level: command.level, endsAt: command.endsAt, firmId: command.firmId, dismissible: command.dismissible })
      .returning({ pk: globalBanners.pk });
    const whom = command.firmId === null ? 'everyone' : `firm ${command.firmId}`;
    const until = command.endsAt ? ` until ${command.endsAt.toISOString()}` : ' until it is ended';
    return [`Banner ${banner!.pk} (${command.level}) now shows to ${whom}${until}.`];
  }
  if (command.action === 'end') {
    const ended = await db.update(globalBanners).set({ active: false }).where(eq(globalBanners.pk, command.pk)).returning({ pk: globalBanners.pk });
    if (ended.length === 0) throw new OperatorUsageError(`There is no banner ${command.pk}.`);
    return [`Banner ${command.pk} has ended: nobody sees it any more.`];
  }
  const banners = await db
    .select({
      pk: globalBanners.pk,
      level: globalBanners.level,
      firmId: globalBanners.firmId,
      active: globalBanners.active,
      endsAt: globalBanners.endsAt,
      message: globalBanners.message,
      dismissals: sql<number>`(select count(*)::int from ${bannerDismissals} where ${bannerDismissals.bannerId} = ${globalBanners.pk})`,
    })
    .from(globalBanners)
    .orderBy(desc(globalBanners.pk));
  if (banners.length === 0) return ['No banners.'];
  return banners.map((b) => [b.pk, b.level, b.firmId === null ? 'everyone' : `firm ${b.firmId}`, stateOf(b, now), `dismissed by ${b.dismissals}`, b.message].join('\t'));
};
