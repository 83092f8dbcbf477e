import type { EmailContent } from '../../../mail/email-content.js';
import type { OpenWork } from './reminders.queries.js';

export const hasOpenWork = (work: OpenWork) => work.transactions + work.receipts + work.requestCount > 0;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const formatDue = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** One line per kind of open work, in the order a client would tackle them. */
const summaryLines = (work: OpenWork): string[] => [
  ...(work.transactions > 0 ? [`${plural(work.transactions, 'transaction', 'transactions')} to answer`] : []),
  ...(work.receipts > 0 ? [`${plural(work.receipts, 'receipt', 'receipts')} to confirm`] : []),
  ...(work.requestCount > 0 ? [`${plural(work.requestCount, 'request', 'requests')} to answer`] : []),
];

/**
 * The reminder email: what waits on this person (counts, and the requests by subject and due date), a
 * sign-in link and, through the Reply-To the mailer sets, an address their answer can be mailed to.
 * The layout escapes every name and subject it is given.
 */
export const reminderEmail = (p: { firstName: string; firmName: string; companyName: string; pinnedNote: string; url: string; work: OpenWork }): EmailContent => {
  const lines = summaryLines(p.work);
  const requests = p.work.requests.map((r) => `• ${r.subject}${r.dueDate ? ` (due ${formatDue(r.dueDate)})` : ''}`);
  const unlisted = p.work.requestCount - p.work.requests.length;
  return {
    subject: `${p.firmName} needs a few answers about ${p.companyName}`,
    heading: `Hi ${p.firstName || 'there'},`,
    paragraphs: [
      lines.length > 0
        ? `Your accountant at ${p.firmName} has items waiting for you in Herd for ${p.companyName}: ${lines.join(', ')}.`
        : `Your accountant at ${p.firmName} asked you to take a look at ${p.companyName} in Herd.`,
      ...(requests.length > 0 ? ['Requests waiting for your answer:', ...requests] : []),
      ...(unlisted > 0 ? [`…and ${plural(unlisted, 'more request', 'more requests')}.`] : []),
      ...(p.pinnedNote ? [`Their note: “${p.pinnedNote}”`] : []),
      'You can also answer by replying to this email.',
    ],
    action: { label: 'See what is waiting', url: p.url },
    footnote: 'This link signs you in once and expires in 7 days.',
  };
};

/** The text message: short, the counts and the link; nothing a stranger reading the phone should not see. */
export const reminderText = (p: { firmName: string; companyName: string; url: string; work: OpenWork }) =>
  `${p.firmName}: ${summaryLines(p.work).join(', ')} for ${p.companyName} in Herd. ${p.url}`;
