import type { TextQuestionsSettings, TextQuestionsSettingsBody } from '@herd/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { users } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { ForbiddenError, ValidationError } from '../../../lib/errors.js';
import type { NoInput } from '../../../lib/service.js';
import { textablePhone } from '../../messaging/texts/texts.face.js';

/** Questions are a client's: the firm's people have none to answer. */
const assertClient = (actor: Actor) => {
  if (isFirmActor(actor)) throw new ForbiddenError('Questions by text are for clients.');
};

const settingsOf = async (db: AppDeps['db'], userPk: number): Promise<TextQuestionsSettings> => {
  const [row] = await db.select({ phone: users.phone, agreedAt: users.textsAgreedAt, stoppedAt: users.textsStoppedAt }).from(users).where(eq(users.pk, userPk));
  return { agreed: row?.agreedAt != null, stopped: row?.stoppedAt != null, phone: row?.phone ?? '', phone_textable: textablePhone(row?.phone ?? '') !== null };
};

export const readTextSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  assertClient(actor);
  return settingsOf(db, actor.userId);
};

/**
 * Agreeing needs a number that can take texts. A client who texted STOP cannot turn texts back on
 * here: carriers hold every text to that number until they text START themselves.
 */
export const updateTextSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, body: TextQuestionsSettingsBody) => {
  assertClient(actor);
  const current = await settingsOf(db, actor.userId);
  if (body.agreed && !current.phone_textable)
    throw ValidationError.field('agreed', 'Add your mobile number with its country code (like +1 415 555 0143) to your profile first.');
  if (body.agreed && current.stopped) throw ValidationError.field('agreed', 'You texted STOP to Herd. Text START to the same number to turn texts back on.');
  // Agreeing again keeps the time of the first agreement.
  if (body.agreed !== current.agreed)
    await db
      .update(users)
      .set({ textsAgreedAt: body.agreed ? new Date() : null })
      .where(eq(users.pk, actor.userId));
  return { ...current, agreed: body.agreed };
};
