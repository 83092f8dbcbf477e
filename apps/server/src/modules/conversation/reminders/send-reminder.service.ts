import type { Db } from '../../../db/client.js';
import type { Brand } from '../../../mail/layout.js';
import type { Mailer } from '../../../mail/mailer.js';
import { hasOptedOut } from '../../../mail/unsubscribe.js';
import type { SmsSender } from '../../messaging/texts/texts.face.js';
import { sendText, textablePhone } from '../../messaging/texts/texts.face.js';
import { pushedSince } from '../push/push.face.js';
import { questionsForEmail, rememberEmailedQuestions, textQuestions } from '../text-answers/text-answers.face.js';
import { magicLinkUrl } from '../../people/auth/auth.face.js';
import { issueCode } from '../../people/auth/auth.face.js';
import { replyAddressFor, type ReplyAddressing } from '../../../mail/reply-token.js';
import { hasOpenWork, reminderEmail, reminderText } from './reminder.content.js';
import type { OpenWork } from './reminders.queries.js';

/** How long after a push to the person's phone a reminder goes by email only. */
const PUSH_SPARES_TEXT_MS = 24 * 60 * 60_000;

/** What sending a reminder needs: the mailer, the text sender (Twilio, or the built-in sandbox) and the addresses. */
export interface ReminderContext {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  appUrl: string;
  replies: ReplyAddressing;
}

export interface ReminderCompany {
  pk: number;
  firmId: number;
  name: string;
  pinnedNote: string;
}

export interface ReminderPerson {
  pk: number;
  email: string;
  firstName: string;
  phone: string;
}

/**
 * Reminds one person of what waits on them in one company: an email with their own sign-in link and a
 * reply address for the company's thread, and a text when their phone is known. Someone who turned
 * reminders off gets neither. Answers whether anything went.
 */
export const sendReminder = async (ctx: ReminderContext, brand: Brand, company: ReminderCompany, person: ReminderPerson, work: OpenWork) => {
  const unsubscribe = { userId: person.pk, kind: 'REMINDERS' as const };
  if (await hasOptedOut(ctx.db, unsubscribe)) return false;
  const firmName = brand.firmName ?? 'Your accountant';
  const url = magicLinkUrl(ctx.appUrl, await issueCode(ctx.db, person.pk, 'MAGIC_LINK'));
  const questions = await questionsForEmail(ctx.db, { userPk: person.pk, companyPk: company.pk });
  const went = await ctx.mailer.send(
    person.email,
    brand,
    reminderEmail({ firstName: person.firstName, firmName, companyName: company.name, pinnedNote: company.pinnedNote, url, work, questions }),
    'CLIENT_REMINDER',
    { replyTo: replyAddressFor(ctx.replies, { kind: 'client-company', pk: company.pk }, person.pk), unsubscribe },
  );
  // A reply to this email is read against the questions it listed.
  if (went) await rememberEmailedQuestions(ctx.db, { firmId: company.firmId, companyPk: company.pk, userPk: person.pk }, questions.questions);
  const phone = textablePhone(person.phone);
  // The text carries a link of its own (each sign-in link works once); with nothing open ("Notify now") there is nothing to text,
  // and a phone that took a push in the last day was told already: the email alone goes.
  if (went && phone && hasOpenWork(work) && !(await pushedSince(ctx.db, person.pk, new Date(Date.now() - PUSH_SPARES_TEXT_MS)))) {
    // A client who agreed to texts gets the questions themselves, to answer by reply; anyone else, the counts and a
    // link. Nothing is texted to a person who texted STOP or is in their quiet hours.
    const asked = await textQuestions(ctx, { firmId: company.firmId, firmName, companyPk: company.pk, userPk: person.pk, phone }, new Date(), questions);
    if (asked === 'not-agreed' || asked === 'nothing-open') {
      const textUrl = magicLinkUrl(ctx.appUrl, await issueCode(ctx.db, person.pk, 'MAGIC_LINK'));
      await sendText(ctx.db, ctx.sms, phone, reminderText({ firmName, companyName: company.name, url: textUrl, work }), 'CLIENT_REMINDER_SMS');
    }
  }
  return went;
};
