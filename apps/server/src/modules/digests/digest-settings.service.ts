import type { DigestSettings, DigestSettingsBody } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { hasOptedOut } from '../../mail/unsubscribe.js';
import type { Actor } from '../auth/actor.js';
import { isFirmActor, type FirmActor } from '../auth/permissions.js';
import { optIn, optOut } from '../email-preferences/email-preferences.queries.js';
import { findDigestSchedule, updateDigestSchedule } from './digest-settings.queries.js';

/** The digest tells a firm's people about their clients; a client has no clients to hear about. */
const requireDigestReader = (actor: Actor): FirmActor => {
  if (!isFirmActor(actor)) throw new ForbiddenError('The daily digest is for the firm’s people; clients get reminders instead.');
  return actor;
};

const settingsOf = async (db: Db, actor: FirmActor): Promise<DigestSettings> => {
  const schedule = await findDigestSchedule(db, actor.firmId, actor.firmMemberId);
  if (!schedule) throw new NotFoundError();
  // On or off is the DIGEST opt-out: the email settings' switch and the email's unsubscribe link set the same state.
  const off = await hasOptedOut(db, { userId: actor.userId, kind: 'DIGEST' });
  return { enabled: !off, hour: schedule.hour, time_zone: schedule.timeZone, firm_time_zone: schedule.firmTimeZone };
};

export const getDigestSettings = (db: Db, actor: Actor) => settingsOf(db, requireDigestReader(actor));

/**
 * Changes the signed-in accountant's own digest. One's own setting, not the firm's data, so a lapsed
 * firm's people may change it too (the route is open while read-only).
 */
export const updateDigestSettings = async (db: Db, actor: Actor, change: DigestSettingsBody): Promise<DigestSettings> => {
  const member = requireDigestReader(actor);
  await db.transaction(async (tx) => {
    if (change.enabled === true) await optIn(tx, member.userId, 'DIGEST');
    if (change.enabled === false) await optOut(tx, member.userId, 'DIGEST', 'SETTINGS');
    const values = {
      ...(change.hour !== undefined ? { digestHour: change.hour } : {}),
      ...(change.time_zone !== undefined ? { digestTimeZone: change.time_zone } : {}),
    };
    if (Object.keys(values).length > 0) await updateDigestSchedule(tx, member.firmId, member.firmMemberId, values);
  });
  return settingsOf(db, member);
};
