import { describe, expect, it } from 'vitest';
import { countText, formatCount, formatDate, formatRelativeTime, personName } from './format';

describe('countText', () => {
  it.each([
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [137, '137 items'],
    [12345, '12,345 items'],
  ])('%i → %s', (n, text) => expect(countText(n)).toBe(text));

  it('says when the server stopped counting', () => {
    expect(countText(10000, 'transaction', 'transactions', true)).toBe('10,000+ transactions');
    expect(formatCount(10000, true)).toBe('10,000+');
    expect(formatCount(10000)).toBe('10,000');
  });

  it('takes other nouns', () => expect(countText(1, 'person', 'people')).toBe('1 person'));
});

describe('formatDate', () => {
  it('reads a bare date as that day wherever the browser is', () => expect(formatDate('2026-01-31')).toBe('Jan 31, 2026'));
  it('formats a timestamp', () => expect(formatDate('2026-07-03T12:00:00.000Z')).toBe('Jul 3, 2026'));
  it('leaves nonsense as it is', () => expect(formatDate('soon')).toBe('soon'));
});

describe('personName', () => {
  it('prefers the name', () => expect(personName({ first_name: 'Casey', last_name: 'Baker', email: 'c@x.com' })).toBe('Casey Baker'));
  it('falls back to the email', () => expect(personName({ first_name: '', last_name: ' ', email: 'c@x.com' })).toBe('c@x.com'));
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-07-03T12:00:00.000Z');
  it.each([
    ['2026-07-03T11:59:40.000Z', 'just now'],
    ['2026-07-03T11:55:00.000Z', '5 minutes ago'],
    ['2026-07-03T09:00:00.000Z', '3 hours ago'],
    ['2026-07-02T10:00:00.000Z', 'yesterday'],
    ['2026-06-20T12:00:00.000Z', '13 days ago'],
    ['2026-03-01T12:00:00.000Z', 'Mar 1, 2026'],
  ])('%s → %s', (iso, text) => expect(formatRelativeTime(iso, now)).toBe(text));
  it('leaves nonsense as it is', () => expect(formatRelativeTime('soon', now)).toBe('soon'));
});
