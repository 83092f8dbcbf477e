import type { EmailContent } from '../../../mail/email-content.js';

/** What a lapsed firm can still do, said in every email that warns of it. */
const READ_ONLY_MEANS =
  'Read-only means everyone in the firm, and its clients, can still sign in and see everything, but nothing can be changed: no reviews, publishing, requests, answers or uploads until the subscription is paid.';

const dateOf = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(d);

const when = (daysLeft: number) => (daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${String(daysLeft)} days`);

export const trialEndingEmail = (p: { firstName: string; firmName: string; daysLeft: number; endsAt: Date; timeZone: string; payUrl: string }): EmailContent => ({
  subject: `Your Herd trial ends ${when(p.daysLeft)}`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `The free trial of ${p.firmName} ends ${when(p.daysLeft)}, on ${dateOf(p.endsAt, p.timeZone)}. Add a card before then and nothing changes for your team or your clients.`,
    `If the trial ends unpaid, Herd becomes read-only. ${READ_ONLY_MEANS}`,
  ],
  action: { label: 'Add a card', url: p.payUrl },
});

export const paymentFailedEmail = (p: { firstName: string; firmName: string; nextAttempt: Date | null; timeZone: string; payUrl: string }): EmailContent => ({
  subject: 'Your Herd payment failed',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `The card on file for ${p.firmName} was declined for the latest Herd invoice.`,
    p.nextAttempt
      ? `We will try again on ${dateOf(p.nextAttempt, p.timeZone)}. Update the card before then; your firm keeps working meanwhile.`
      : 'No further attempt is scheduled: update the card to pay the invoice.',
    `If payment cannot be collected, Herd becomes read-only. ${READ_ONLY_MEANS}`,
  ],
  action: { label: 'Update the card', url: p.payUrl },
});

export const readOnlyEmail = (p: { firstName: string; firmName: string; reason: 'trial' | 'subscription'; payUrl: string }): EmailContent => ({
  subject: `${p.firmName} is now read-only in Herd`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    p.reason === 'trial' ? `The free trial of ${p.firmName} has ended without payment.` : `The Herd subscription of ${p.firmName} is no longer active.`,
    READ_ONLY_MEANS,
    'Pay from the billing page and everything is writable again at once.',
  ],
  action: { label: 'Go to billing', url: p.payUrl },
});

export const writableAgainEmail = (p: { firstName: string; firmName: string; appUrl: string }): EmailContent => ({
  subject: `${p.firmName} is writable again in Herd`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [`Thank you: the subscription of ${p.firmName} is active, and your team and your clients can make changes again.`],
  action: { label: 'Open Herd', url: p.appUrl },
});
