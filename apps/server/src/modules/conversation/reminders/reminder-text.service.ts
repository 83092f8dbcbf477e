import { sendText, textablePhone } from '../../messaging/texts/texts.face.js';
import { pushedSince } from '../push/push.face.js';
import { textQuestions, type AskOutcome, type EmailQuestions } from '../text-answers/text-answers.face.js';
import { issueCode, magicLinkUrl } from '../../people/auth/auth.face.js';
import { hasOpenWork, reminderText } from './reminder.content.js';
import type { OpenWork } from './reminders.queries.js';
import type { ReminderCompany, ReminderContext } from './reminders.types.js';

/** How long after a push to the person's phone a reminder goes by email only. */
const PUSH_SPARES_TEXT_MS = 24 * 60 * 60_000;

export interface TextedPerson {
  pk: number;
  phone: string;
  neverText: boolean;
}

/**
 * What became of texting one person: their questions or the reminder's short text went (`sent`); or why not:
 * the firm marked them never to be texted, no phone that takes texts, a push reached them in the last day, or
 * one of the question texter's reasons (STOP, quiet hours, a failed send).
 */
export type ReminderTextOutcome = Exclude<AskOutcome, 'not-agreed' | 'nothing-open'> | 'never' | 'no-phone' | 'pushed';

/**
 * Texts one person what waits on them in one company: a client who agreed to texts gets the questions themselves, to
 * answer by reply; anyone else the counts and a sign-in link of its own (each link works once). Nothing goes with nothing
 * open, to a person who texted STOP, in their quiet hours, or to a phone that took a push in the last day (told already).
 * `questions`: the ones the email beside it listed, so they are not read twice.
 */
export const textReminder = async (
  ctx: ReminderContext,
  firmName: string,
  company: ReminderCompany,
  person: TextedPerson,
  work: OpenWork,
  now: Date,
  questions?: EmailQuestions,
): Promise<ReminderTextOutcome> => {
  const phone = textablePhone(person.phone);
  if (person.neverText) return 'never';
  if (!phone || !hasOpenWork(work)) return 'no-phone';
  if (await pushedSince(ctx.db, person.pk, new Date(now.getTime() - PUSH_SPARES_TEXT_MS))) return 'pushed';
  const asked = await textQuestions(ctx, { firmId: company.firmId, firmName, companyPk: company.pk, userPk: person.pk, phone }, now, questions);
  if (asked !== 'not-agreed' && asked !== 'nothing-open') return asked;
  const url = magicLinkUrl(ctx.appUrl, await issueCode(ctx.db, person.pk, 'MAGIC_LINK'));
  const went = await sendText(ctx.db, ctx.sms, phone, reminderText({ firmName, companyName: company.name, url, work }), 'CLIENT_REMINDER_SMS');
  return went ? 'sent' : 'failed';
};
