import type { EmailContent, EmailSection } from '../../../mail/email-content.js';
import type { DigestCount, DigestListKind } from './digest-facts.queries.js';

/** One client's part of a digest: counts, named lines (with how many there were in all) and whether its ledger needs reconnecting. */
export interface CompanyDigest {
  pk: number;
  name: string;
  counts: Partial<Record<DigestCount, number>>;
  lines: Partial<Record<DigestListKind, { items: { who: string; line: string }[]; total: number }>>;
  needsReauth: boolean;
}

/** Clients shown in full; the rest are counted, with the dashboard a click away. */
export const LISTED_COMPANIES = 20;
const NOTE_EXCERPT = 200;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (items: { line: string }[]) => items.map((i) => `“${i.line}”`).join(', ');
const more = (total: number, shown: number) => (total > shown ? ` and ${total - shown} more` : '');
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTE_EXCERPT ? `${flat.slice(0, NOTE_EXCERPT)}…` : flat;
};

/** Whether a client's part says anything: something its people did, or something waiting on the firm. */
export const hasNews = (c: CompanyDigest) =>
  c.needsReauth || Object.values(c.counts).some((n) => (n ?? 0) > 0) || Object.values(c.lines).some((l) => (l?.total ?? 0) > 0);

/** What the client's people did in the window, one line per kind. */
const activityLines = (c: CompanyDigest): string[] => {
  const { counts: n, lines } = c;
  const receiptsBits = [
    n.receipts_arrived ? `${plural(n.receipts_arrived, 'receipt')} sent` : '',
    n.receipts_matched ? `${plural(n.receipts_matched, 'receipt')} matched` : '',
  ];
  return [
    ...(n.answered ? [`Answered ${plural(n.answered, 'transaction')}`] : []),
    ...(lines.request_answered
      ? [
          `Answered ${plural(lines.request_answered.total, 'request')}: ${quoted(lines.request_answered.items)}${more(lines.request_answered.total, lines.request_answered.items.length)}`,
        ]
      : []),
    ...(lines.request_created ? [`Sent you ${quoted(lines.request_created.items)}${more(lines.request_created.total, lines.request_created.items.length)}`] : []),
    ...(receiptsBits.some(Boolean) ? [`Receipts: ${receiptsBits.filter(Boolean).join(', ')}`] : []),
    ...(n.documents_added ? [`Added ${plural(n.documents_added, 'file')} to Documents`] : []),
    ...(lines.note?.items.map((note) => `Note from ${note.who || 'the client'}: “${excerpt(note.line)}”`) ?? []),
    ...(lines.note && lines.note.total > lines.note.items.length ? [`…and ${plural(lines.note.total - lines.note.items.length, 'more note')}`] : []),
  ];
};

/** What waits on the firm now, in one line. */
const needsLine = (c: CompanyDigest): string[] => {
  const n = c.counts;
  const bits = [
    n.to_review ? `${plural(n.to_review, 'answer')} to review` : '',
    n.awaiting_acceptance ? `${plural(n.awaiting_acceptance, 'request')} to accept` : '',
    n.sync_errors ? `${plural(n.sync_errors, 'transaction')} the ledger refused` : '',
    c.needsReauth ? 'the ledger connection needs reconnecting' : '',
  ].filter(Boolean);
  return bits.length > 0 ? [`Needs you: ${bits.join(', ')}`] : [];
};

/** Where a client's link goes: its answers when there are any to see, else its requests, its receipts, or the clients list to reconnect. */
const linkOf = (appUrl: string, c: CompanyDigest) => {
  const n = c.counts;
  const page =
    n.answered || n.to_review || n.sync_errors || c.lines.note
      ? `categorized/${c.pk}/`
      : c.lines.request_answered || c.lines.request_created || n.awaiting_acceptance
        ? `requests/${c.pk}/`
        : n.receipts_arrived || n.receipts_matched
          ? `receipts/${c.pk}/`
          : n.documents_added
            ? `documents/${c.pk}/`
            : 'clients/';
  return { label: `Open ${c.name} in Herd`, url: `${appUrl}/dashboard/accountant/${page}` };
};

export const sectionOf = (appUrl: string, c: CompanyDigest): EmailSection => ({ title: c.name, lines: [...activityLines(c), ...needsLine(c)], link: linkOf(appUrl, c) });

/**
 * The digest email: each client with news, by name, with what its people did and what waits on the
 * firm, and a link into the app. The layout escapes every name and note it is given.
 */
export const digestEmail = (p: { firstName: string; appUrl: string; companies: CompanyDigest[]; firstDigest: boolean }): EmailContent => {
  const shown = p.companies.slice(0, LISTED_COMPANIES);
  const unlisted = p.companies.length - shown.length;
  return {
    subject: `Your daily digest: ${plural(p.companies.length, 'client')} with news`,
    heading: `Hi ${p.firstName || 'there'},`,
    paragraphs: [`Here is what your clients did ${p.firstDigest ? 'in the last 24 hours' : 'since your last digest'}, and what needs you now.`],
    sections: shown.map((c) => sectionOf(p.appUrl, c)),
    ...(unlisted > 0 ? { footnote: `…and ${plural(unlisted, 'more client')} with news: your dashboard lists them.` } : {}),
    action: { label: 'Open your dashboard', url: `${p.appUrl}/dashboard/accountant/` },
  };
};

/**
 * The digest as one text: how many clients have news and what their people did, in counts only (a text
 * may be read by anyone holding the phone), and the dashboard's address.
 */
export const digestText = (appUrl: string, companies: CompanyDigest[]) => {
  const sum = (count: DigestCount) => companies.reduce((total, c) => total + (c.counts[count] ?? 0), 0);
  const requests = companies.reduce((total, c) => total + (c.lines.request_answered?.total ?? 0), 0);
  const receipts = sum('receipts_arrived');
  const files = sum('documents_added');
  const did = [
    ...(sum('answered') ? [`${plural(sum('answered'), 'transaction')} answered`] : []),
    ...(requests ? [`${plural(requests, 'request')} answered`] : []),
    ...(receipts ? [`${plural(receipts, 'receipt')} sent`] : []),
    ...(files ? [`${plural(files, 'file')} added`] : []),
  ];
  return `Herd digest: ${plural(companies.length, 'client')} with news${did.length ? ` (${did.join(', ')})` : ''}. ${appUrl}/dashboard/accountant/`;
};
