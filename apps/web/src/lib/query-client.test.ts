import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { retryDelay, shouldRetry } from './query-client';

const withStatus = (status: number | null) => new ApiError({ message: 'x', status });

describe('retryDelay', () => {
  it('doubles from 1 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('stops at 30 s', () => {
    expect(retryDelay(5)).toBe(30000);
    expect(retryDelay(12)).toBe(30000);
  });
});

describe('shouldRetry', () => {
  it('retries transport failures and server errors three times', () => {
    expect(shouldRetry(0, withStatus(null))).toBe(true);
    expect(shouldRetry(2, withStatus(503))).toBe(true);
    expect(shouldRetry(3, withStatus(503))).toBe(false);
  });

  it('does not retry answers that will not change', () => {
    expect(shouldRetry(0, withStatus(400))).toBe(false);
    expect(shouldRetry(0, withStatus(401))).toBe(false);
    expect(shouldRetry(0, withStatus(403))).toBe(false);
    expect(shouldRetry(0, withStatus(404))).toBe(false);
    expect(shouldRetry(0, withStatus(429))).toBe(true);
  });
});
