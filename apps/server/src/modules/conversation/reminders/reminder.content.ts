import { dayInWords } from '../../../lib/calendar-days.js';
import type { EmailContent } from '../../../mail/email-content.js';
import { questionLine, REPLY_HOW, type EmailQuestions } from '../text-answers/text-answers.face.js';
import type { OpenWork } from './reminders.queries.js';

export const hasOpenWork = (work: OpenWork) => work.transactions + work.receipts + work.requestCount > 0;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line per kind of open work, in the order a client would tackle them. */
const summaryLines = (work: OpenWork): string[] => [
  ...(work.transactions > 0 ? [`${plural(work.transactions, 'transaction', 'transactions')} to answer`] : []),
  ...(work.receipts > 0 ? [`${plural(work.receipts, 'receipt', 'receipts')} to confirm`] : []),
  ...(work.requestCount > 0 ? [`${plural(work.requestCount, 'request', 'requests')} to answer`] : []),
];

/** The questions listed in the email, numbered as a text numbers them, and how far the client has come. */
const questionParts = (asked: EmailQuestions | undefined): Pick<EmailContent, 'paragraphs' | 'sections'> => {
  if (!asked || asked.questions.length === 0) return { paragraphs: ['You can also answer by replying to this email.'] };
  const waiting = asked.questions.length + asked.more;
  return {
    paragraphs: [
      ...(asked.answeredRecently > 0 ? [`${plural(asked.answeredRecently, 'answer', 'answers')} given in the last 30 days; ${waiting} still waiting.`] : []),
      REPLY_HOW,
      ...(asked.more > 0 ? [`The other ${asked.more} are a click away: the button below opens them.`] : []),
    ],
    sections: [{ title: 'Your questions', lines: asked.questions.map(questionLine) }],
  };
};

/**
 * The reminder email: what waits on this person (counts, the transactions to explain numbered with
 * their likely categories, the requests by subject and due date), a sign-in link and, through the
 * Reply-To the mailer sets, an address a reply answering the numbered questions can be mailed to.
 * The layout escapes every name and subject it is given.
 */
export const reminderEmail = (p: {
  firstName: string;
  firmName: string;
  companyName: string;
  pinnedNote: string;
  url: string;
  work: OpenWork;
  questions?: EmailQuestions;
}): EmailContent => {
  const lines = summaryLines(p.work);
  const requests = p.work.requests.map((r) => `• ${r.subject}${r.dueDate ? ` (due ${dayInWords(r.dueDate)})` : ''}`);
  const unlisted = p.work.requestCount - p.work.requests.length;
  const asking = questionParts(p.questions);
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
      ...asking.paragraphs,
    ],
    ...(asking.sections ? { sections: asking.sections } : {}),
    action: { label: 'See what is waiting', url: p.url },
    footnote: 'This link signs you in once and expires in 7 days.',
  };
};

/** The text message: short, the counts and the link; nothing a stranger reading the phone should not see. */
export const reminderText = (p: { firmName: string; companyName: string; url: string; work: OpenWork }) =>
  `${p.firmName}: ${summaryLines(p.work).join(', ')} for ${p.companyName} in Herd. ${p.url}`;
