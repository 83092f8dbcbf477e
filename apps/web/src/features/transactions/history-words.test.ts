import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@herd/contract';
import { answeredSentence } from './components/review-panel';
import { historyWhat, historyWho } from './history-words';

const matched = (actor: HistoryEntry['actor']): HistoryEntry => ({
  pk: 1,
  action: 'transaction.receipt_match',
  at: '2026-11-03T12:00:00.000Z',
  actor,
  from: null,
  to: null,
  message: 'The receipt from Blue Bottle was matched to this transaction; its file is attached.',
  viewing_as_client: false,
  changed: [],
  via: null,
});

describe('a matched receipt in the history', () => {
  it('says who matched it, or that Herd did by itself', () => {
    const sam = matched({ pk: 4, name: 'Sam Client', side: 'client' });
    expect([historyWhat(sam, 'QBO'), historyWho(sam, 'QBO')]).toEqual(['Receipt matched', 'Sam Client']);
    const herd = matched(null);
    expect([historyWhat(herd, 'QBO'), historyWho(herd, 'QBO')]).toEqual(['Receipt matched automatically', 'Herd']);
  });
});

describe('an answer given by reply', () => {
  it('says it came by text or by email, and is a plain answer otherwise', () => {
    const answer = (via: HistoryEntry['via']): HistoryEntry => ({
      ...matched({ pk: 4, name: 'Sam Client', side: 'client' }),
      action: 'transaction.categorize',
      message: '',
      via,
    });
    expect([answer('TEXT'), answer('EMAIL'), answer(null)].map((e) => historyWhat(e, 'QBO'))).toEqual(['Answered by text', 'Answered by email', 'Answered']);
  });

  it('says so beside who answered, from the newest answer', () => {
    const sam = { pk: 4, name: 'Sam Client', side: 'client' as const };
    const answer = (via: HistoryEntry['via']): HistoryEntry => ({ ...matched(sam), action: 'transaction.categorize', message: '', via });
    const history = (entries: HistoryEntry[]) => ({
      status: 'FINISHED_IN_HERD' as const,
      connection_kind: 'QBO' as const,
      answered: { by: sam, at: '2026-12-07T16:00:00.000Z' },
      published: null,
      entries,
      truncated: false,
    });
    expect(answeredSentence(history([answer(null), answer('TEXT')]))).toMatch(/^Answered by Sam Client by text on /);
    expect(answeredSentence(history([answer('TEXT'), answer(null)]))).toMatch(/^Answered by Sam Client on /);
  });
});
