import type { CommunicationKind } from '@herd/contract';
import type { EmailContent } from '../../../mail/email-content.js';

export interface ArrivedRequest {
  pk: number;
  /** What this message tells of it: new, due today, or overdue. */
  notice: 'ARRIVED' | 'DUE' | 'OVERDUE';
  kind: CommunicationKind;
  subject: string;
  text: string;
  dueDate: string | null;
  items: string[];
}

const KIND_WORDS: Record<CommunicationKind, string> = { REQUEST: 'request', REPORT: 'report', NOTICE: 'notice', W9: 'W-9 request' };

const formatDue = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Items shown in the email before "…and n more": the email is a pointer to Herd, not the request itself. */
const ITEMS_SHOWN = 8;
const TEXT_SHOWN = 600;

const dueWords = (r: ArrivedRequest) => {
  if (r.notice === 'DUE') return ' — due today';
  if (r.notice === 'OVERDUE' && r.dueDate) return ` — overdue since ${formatDue(r.dueDate)}`;
  return r.dueDate ? ` — due ${formatDue(r.dueDate)}` : '';
};

/** One request's lines in the email: its title and due date, its words (shortened) and its checklist. */
const requestLines = (r: ArrivedRequest, withTitle: boolean): string[] => [
  ...(withTitle ? [`${r.subject}${dueWords(r)}`] : []),
  ...(r.text ? [r.text.length > TEXT_SHOWN ? `${r.text.slice(0, TEXT_SHOWN - 1)}…` : r.text] : []),
  ...r.items.slice(0, ITEMS_SHOWN).map((item) => `• ${item}`),
  ...(r.items.length > ITEMS_SHOWN ? [`…and ${r.items.length - ITEMS_SHOWN} more`] : []),
];

/**
 * The email for one person: one request told whole (title, due date, words, checklist), or several
 * listed by title and due date, each with its checklist. The layout escapes everything it is given.
 */
export const arrivalEmail = (p: { firstName: string; firmName: string; companyName: string; url: string; requests: ArrivedRequest[] }): EmailContent => {
  const [only] = p.requests;
  const heading = `Hi ${p.firstName || 'there'},`;
  const footnote = 'This link signs you in once and expires in 7 days.';
  if (p.requests.length === 1 && only) {
    const what = KIND_WORDS[only.kind];
    const opening =
      only.notice === 'ARRIVED'
        ? `${p.firmName} sent you a new ${what} for ${p.companyName}: “${only.subject}”${only.dueDate ? `, due ${formatDue(only.dueDate)}` : ''}.`
        : only.notice === 'DUE'
          ? `A reminder from ${p.firmName}: the ${what} “${only.subject}” for ${p.companyName} is due today.`
          : `A reminder from ${p.firmName}: the ${what} “${only.subject}” for ${p.companyName} was due ${only.dueDate ? formatDue(only.dueDate) : 'earlier'} and is still open.`;
    const subject = only.notice === 'ARRIVED' ? `${p.firmName}: ${only.subject}` : only.notice === 'DUE' ? `Due today: ${only.subject}` : `Overdue: ${only.subject}`;
    return {
      subject,
      heading,
      paragraphs: [opening, ...requestLines(only, false), 'Answer it in Herd. A reply to this email reaches your accountant on the request.'],
      action: { label: `Open the ${what}`, url: p.url },
      footnote,
    };
  }
  const fresh = p.requests.filter((r) => r.notice === 'ARRIVED').length;
  return {
    subject:
      fresh === p.requests.length
        ? `${p.firmName} sent you ${p.requests.length} new requests for ${p.companyName}`
        : `${p.requests.length} requests waiting for you for ${p.companyName}`,
    heading,
    paragraphs: [
      fresh === p.requests.length
        ? `${p.firmName} sent you ${p.requests.length} new requests for ${p.companyName}.`
        : `${p.firmName} is waiting for your answers to ${p.requests.length} requests for ${p.companyName}.`,
      'You can answer them in Herd.',
    ],
    sections: p.requests.map((r) => ({ title: `${r.subject}${dueWords(r)}`, lines: requestLines(r, false) })),
    action: { label: 'Open your requests', url: p.url },
    footnote,
  };
};

/** The text: short, and nothing a stranger reading the phone should not see beyond the title. */
export const arrivalText = (p: { firmName: string; companyName: string; url: string; requests: ArrivedRequest[] }) => {
  const [only] = p.requests;
  const what =
    p.requests.length === 1 && only
      ? only.notice === 'ARRIVED'
        ? `new ${KIND_WORDS[only.kind]} “${only.subject}”${only.dueDate ? ` due ${formatDue(only.dueDate)}` : ''}`
        : `“${only.subject}” is ${only.notice === 'DUE' ? 'due today' : 'overdue'}`
      : `${p.requests.length} requests waiting`;
  return `${p.firmName}: ${what} for ${p.companyName} in Herd. ${p.url}`;
};
