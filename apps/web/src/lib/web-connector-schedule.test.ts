import { describe, expect, it } from 'vitest';
import { nextConnectorRunWords, waitingForConnectorText } from './web-connector-schedule';

const NOW = new Date(2026, 10, 28, 12, 0).getTime();
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('the Web Connector’s next run in words', () => {
  it('is a time of day today, late once past, and unknown before the first run', () => {
    expect(nextConnectorRunWords(at(40), NOW)).toBe('about 12:40 PM');
    expect(nextConnectorRunWords(at(-10), NOW)).toBe('late: expected about 11:50 AM');
    expect(nextConnectorRunWords(null, NOW)).toBe('not known until its first run');
    expect(nextConnectorRunWords(at(24 * 60), NOW)).toBe('about Nov 29, 2026, 12:00 PM');
  });

  it('is what a transaction handed to QuickBooks Desktop waits for', () => {
    expect(waitingForConnectorText(at(40), NOW)).toBe('Waiting for the Web Connector (next run about 12:40 PM)');
    expect(waitingForConnectorText(null, NOW)).toBe('Waiting for the Web Connector (its first run)');
  });
});
