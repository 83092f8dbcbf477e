import type { DigestSettings, DigestSettingsBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { SmsSettings } from '../../messaging/texts/texts.face.js';
import { textablePhone } from '../../messaging/texts/texts.face.js';
import { hasOptedOut } from '../../../mail/unsubscribe.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor, type FirmActor } from '../../../kernel/permissions.js';
import { optIn, optOut } from '../../messaging/email-preferences/email-preferences.face.js';
import { findDigestSchedule, updateDigestSchedule } from './digest-settings.queries.js';
import type { NoInput } from '../../../lib/service.js';

/** The digest tells a firm's people about their clients; a client has no clients to hear about. */
const requireDigestReader = (actor: Actor): FirmActor => {
  if (!isFirmActor(actor)) throw new ForbiddenError('The daily digest is for the firm’s people; clients get reminders instead.');
  return actor;
};

/** What the settings need besides the database: whether this server sends texts (Twilio, or its sandbox). */
export interface DigestSettingsDeps {
  db: Db;
  config: { sms: Pick<SmsSettings, 'mode'> };
}

const settingsOf = async ({ db, config }: DigestSettingsDeps, actor: FirmActor): Promise<DigestSettings> => {
  const schedule = await findDigestSchedule(db, actor.firmId, actor.firmMemberId);
  if (!schedule) throw new NotFoundError();
  // On or off is the DIGEST opt-out: the email settings' switch and the email's unsubscribe link set the same state.
  const off = await hasOptedOut(db, { userId: actor.userId, kind: 'DIGEST' });
  return {
    enabled: !off,
    hour: schedule.hour,
    time_zone: schedule.timeZone,
    firm_time_zone: schedule.firmTimeZone,
    by_text: schedule.byText,
    text_phone: textablePhone(schedule.phone),
    texts_available: config.sms.mode !== 'off',
  };
};

export const getDigestSettings = (deps: DigestSettingsDeps, actor: Actor, _input: NoInput) => settingsOf(deps, requireDigestReader(actor));

/** Texts need a phone to go to and a server that sends them: asked for without either, it is a field error that says which. */
const checkTextable = (settings: DigestSettings) => {
  if (!settings.texts_available) throw ValidationError.field('by_text', 'Texts cannot be sent from this server yet.');
  if (!settings.text_phone) throw ValidationError.field('by_text', 'Add your mobile number, with its country code (+1…), in your profile first.');
};

/**
 * Changes the signed-in accountant's own digest. One's own setting, not the firm's data, so a lapsed
 * firm's people may change it too (the route is open while read-only).
 */
export const updateDigestSettings = async (deps: DigestSettingsDeps, actor: Actor, change: DigestSettingsBody): Promise<DigestSettings> => {
  const { db } = deps;
  const member = requireDigestReader(actor);
  if (change.by_text === true) checkTextable(await settingsOf(deps, member));
  await db.transaction(async (tx) => {
    if (change.enabled === true) await optIn(tx, member.userId, 'DIGEST');
    if (change.enabled === false) await optOut(tx, member.userId, 'DIGEST', 'SETTINGS');
    const values = {
      ...(change.hour !== undefined ? { digestHour: change.hour } : {}),
      ...(change.time_zone !== undefined ? { digestTimeZone: change.time_zone } : {}),
      ...(change.by_text !== undefined ? { digestByText: change.by_text } : {}),
    };
    if (Object.keys(values).length > 0) await updateDigestSchedule(tx, member.firmId, member.firmMemberId, values);
  });
  return settingsOf(deps, member);
};
