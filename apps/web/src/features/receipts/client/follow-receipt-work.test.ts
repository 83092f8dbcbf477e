import { afterEach, describe, expect, it, vi } from 'vitest';
import { followReceiptWork, noteReceiptWork, RECEIPT_POLL_MS, RECEIPT_WORK_WINDOW_MS } from './follow-receipt-work';

const query = <T>(data: T | undefined) => ({ state: { data } });
const unread = (n: number) => ({ unread: n });
const interval = followReceiptWork(41, (data: { unread: number }) => data.unread > 0);

afterEach(() => {
  vi.useRealTimers();
});

describe('following the server’s work on receipts', () => {
  it('asks again while a receipt waits to be read, and for a while after, then stops', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    expect(interval(query(unread(1)))).toBe(RECEIPT_POLL_MS);
    // Read: matching follows, so the list keeps asking for the window.
    vi.advanceTimersByTime(RECEIPT_WORK_WINDOW_MS - 1000);
    expect(interval(query(unread(0)))).toBe(RECEIPT_POLL_MS);
    vi.advanceTimersByTime(2000);
    expect(interval(query(unread(0)))).toBe(false);
  });

  it('asks again after an upload even before the list shows the new receipt, and only for that company', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T11:00:00Z') });
    const other = followReceiptWork(42, (data: { unread: number }) => data.unread > 0);
    expect(other(query(unread(0)))).toBe(false);
    noteReceiptWork(42);
    expect(other(query(undefined))).toBe(RECEIPT_POLL_MS);
    expect(other(query(unread(0)))).toBe(RECEIPT_POLL_MS);
    expect(followReceiptWork(43, () => false)(query(unread(0)))).toBe(false);
  });
});
