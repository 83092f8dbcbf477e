import type { PushMessage } from './web-push.port.js';
import { clientCompanyLink, homeLink, notificationLink, type LinkedNotification } from './push-links.view.js';

/** What happened since a person's last push. */
export interface PushNews {
  side: 'accountant' | 'client';
  /** The accountant's firm, as a client knows it ("Demo Bookkeeping"). */
  firmName: string;
  /** New transactions waiting for the client, per company (companies with none left out). */
  questions: { companyPk: number; count: number }[];
  /** Unread bell notifications: how many, and the newest. */
  bell: { total: number; newest: (LinkedNotification & { title: string; text: string }) | null };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const TAG = 'herd-news';

/**
 * One push for all of it, so a burst of thirty questions is one notification: the questions first
 * ("30 transactions to explain from Demo Bookkeeping"), then the bell. Null when there is no news.
 */
export const pushMessageOf = (news: PushNews): PushMessage | null => {
  const questions = news.questions.reduce((sum, q) => sum + q.count, 0);
  const { total, newest } = news.bell;
  if (questions > 0) {
    const others = total > 0 ? ` and ${plural(total, 'other update')}` : '';
    const url = news.questions.length === 1 ? clientCompanyLink(news.questions[0]!.companyPk) : homeLink('client');
    return { title: news.firmName, body: `${plural(questions, 'transaction')} to explain from ${news.firmName}${others}`, url, tag: TAG };
  }
  if (!newest) return null;
  if (total === 1) return { title: newest.title, body: newest.text, url: notificationLink(newest, news.side), tag: TAG };
  return { title: `${plural(total, 'update')} in Herd`, body: newest.title, url: homeLink(news.side), tag: TAG };
};
