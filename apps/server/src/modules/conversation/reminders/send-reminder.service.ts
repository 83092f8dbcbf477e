import type { Brand } from '../../../mail/layout.js';
import { hasOptedOut } from '../../../mail/unsubscribe.js';
import { questionsForEmail, rememberEmailedQuestions } from '../text-answers/text-answers.face.js';
import { magicLinkUrl } from '../../people/auth/auth.face.js';
import { issueCode } from '../../people/auth/auth.face.js';
import { replyAddressFor } from '../../../mail/reply-token.js';
import { reminderEmail } from './reminder.content.js';
import type { OpenWork } from './reminders.queries.js';
import { textReminder } from './reminder-text.service.js';
import type { ReminderCompany, ReminderContext, ReminderPerson } from './reminders.types.js';

/**
 * Reminds one person of what waits on them in one company: an email with their own sign-in link and a reply
 * address for the company's thread, and with `text` (the accountant's "Notify now") a text beside it
 * (reminder-text.service.ts says to whom). A scheduled reminder leaves the text to the ladder's step
 * (reminder-ladder.job.ts). Someone who turned reminders off gets neither. Answers whether the email went.
 */
export const sendReminder = async (ctx: ReminderContext, brand: Brand, company: ReminderCompany, person: ReminderPerson, work: OpenWork, options: { text: boolean }) => {
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
  if (went && options.text) await textReminder(ctx, firmName, company, person, work, new Date(), questions);
  return went;
};
