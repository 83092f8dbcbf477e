import type { EmailContent } from '../../../mail/email-content.js';
import type { Brand } from '../../../mail/layout.js';
import type { ReminderContext } from './reminders.types.js';
import { accountantsOfCompany } from './reminders.queries.js';

/** What the accountants are told about: a client that let `unanswered` reminders in a row go by. */
export interface Escalation {
  firmId: number;
  company: { pk: number; name: string };
  unanswered: number;
}

export const escalationEmail = (p: { firstName: string; companyName: string; unanswered: number; url: string }): EmailContent => ({
  subject: `${p.companyName} has not answered ${p.unanswered} reminders`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `Herd has reminded ${p.companyName} of their open work ${p.unanswered} times in a row, and nobody there has answered anything since.`,
    'Reminders keep going out on their schedule. A call or a personal note may get things moving.',
  ],
  action: { label: 'Open the client', url: p.url },
  footnote: 'You are told once; if the client stays quiet after acting again, you will hear again.',
});

/** Who hears that a client went quiet: the company's assigned accountants, its firm admins when nobody is assigned. */
export type Accountant = Awaited<ReturnType<typeof accountantsOfCompany>>[number];
export const accountantsToTell = (ctx: ReminderContext, escalation: Escalation): Promise<Accountant[]> =>
  accountantsOfCompany(ctx.db, escalation.firmId, escalation.company.pk);

/** Emails the accountants told of the escalation (their in-app notification is written with the escalation's record). */
export const emailEscalation = async (ctx: ReminderContext, brand: Brand, escalation: Escalation, accountants: Accountant[]) => {
  const url = `${ctx.appUrl}/settings/accountant/client/${escalation.company.pk}/`;
  for (const person of accountants) {
    await ctx.mailer.send(
      person.email,
      brand,
      escalationEmail({ firstName: person.firstName, companyName: escalation.company.name, unanswered: escalation.unanswered, url }),
      'CLIENT_REMINDER_ESCALATION',
    );
  }
};
