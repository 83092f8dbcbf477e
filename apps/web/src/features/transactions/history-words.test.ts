import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@herd/contract';
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
});
