import type { PushMessage } from './web-push.port.js';
import { clientCompanyLink, homeLink, notificationLink, type LinkedNotification } from './push-links.view.js';

/** What happened since a person's last push. */
export interface PushNews {
  side: 'accountant' | 'client';
  /** The accountant's firm, as a client knows it ("Demo Bookkeeping"). */
  firmName: string;
  /** New transactions waiting for the client, per company (companies with none left out). */
  questions: { companyPk: number; count: number }[];
  /** The client's requests that became due today or overdue, and their company when there is one. */
  dueRequests: { due: number; overdue: number; companyPk: number | null };
  /** Unread bell notifications: how many, and the newest. */
  bell: { total: number; newest: (LinkedNotification & { title: string; text: string }) | null };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const TAG = 'herd-news';
/** "a", "a and b", "a, b and c". */
const sentence = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/**
 * One push for all of it, so a burst of thirty questions is one notification: the questions first
 * ("30 transactions to explain from Demo Bookkeeping"), then the bell. Null when there is no news.
 */
export const pushMessageOf = (news: PushNews): PushMessage | null => {
  const questions = news.questions.reduce((sum, q) => sum + q.count, 0);
  const { due, overdue } = news.dueRequests;
  const { total, newest } = news.bell;
  const parts = [
    questions > 0 ? `${plural(questions, 'transaction')} to explain` : null,
    due > 0 ? `${plural(due, 'request')} due today` : null,
    overdue > 0 ? `${plural(overdue, 'request')} overdue` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length > 0) {
    const others = total > 0 ? ` (and ${plural(total, 'other update')})` : '';
    const companies = new Set([...news.questions.map((q) => q.companyPk), ...(due + overdue > 0 ? [news.dueRequests.companyPk] : [])]);
    const only = companies.size === 1 ? [...companies][0] : null;
    const url = only ? clientCompanyLink(only) : homeLink('client');
    return { title: news.firmName, body: `${sentence(parts)} from ${news.firmName}${others}`, url, tag: TAG };
  }
  if (!newest) return null;
  if (total === 1) return { title: newest.title, body: newest.text, url: notificationLink(newest, news.side), tag: TAG };
  return { title: `${plural(total, 'update')} in Herd`, body: newest.title, url: homeLink(news.side), tag: TAG };
};
