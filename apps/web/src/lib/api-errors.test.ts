import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError, normaliseError } from './api-errors';

const config = (timeout = 0): InternalAxiosRequestConfig => ({ headers: new AxiosHeaders(), timeout });

const answer = (status: number, data: unknown, headers: Record<string, string> = {}): AxiosError => {
  const response: AxiosResponse = { status, data, statusText: '', headers: new AxiosHeaders(headers), config: config() };
  return new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config(), {}, response);
};

describe('normaliseError', () => {
  it('keeps the server detail and status', () => {
    const error = normaliseError(answer(400, { detail: 'Unable to sign in with the email and password provided.' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Unable to sign in with the email and password provided.');
    expect(error.message).toBe('Unable to sign in with the email and password provided.');
    expect(error.fields).toEqual({});
  });

  it('collects field errors, with the first one as the message', () => {
    const error = normaliseError(answer(400, { email: ['An account with this email already exists.'], password: ['Password is required.', 'x'] }));
    expect(error.detail).toBeNull();
    expect(error.fields).toEqual({
      email: ['An account with this email already exists.'],
      password: ['Password is required.', 'x'],
    });
    expect(error.message).toBe('An account with this email already exists.');
  });

  it('reads Retry-After of a throttled answer', () => {
    const error = normaliseError(answer(429, { detail: 'Too many attempts. Try again in 1 minute.' }, { 'retry-after': '42' }));
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('falls back to the status when the body says nothing', () => {
    const error = normaliseError(answer(502, '<html>Bad gateway</html>'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status code 502');
  });

  it('turns a failure without answer into "Network Error"', () => {
    const error = normaliseError(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config()));
    expect(error.status).toBeNull();
    expect(error.message).toBe('Network Error');
  });

  it('turns a timeout into "timeout of N ms exceeded" with the configured timeout', () => {
    const error = normaliseError(new AxiosError('timeout of 5000ms exceeded', AxiosError.ECONNABORTED, config(5000)));
    expect(error.message).toBe('timeout of 5000 ms exceeded');
    const clarified = normaliseError(new AxiosError('timeout of 2500ms exceeded', AxiosError.ETIMEDOUT, config(2500)));
    expect(clarified.message).toBe('timeout of 2500 ms exceeded');
  });

  it('turns aborted and cancelled requests into "Request aborted"', () => {
    expect(normaliseError(new AxiosError('Request aborted', AxiosError.ECONNABORTED, config())).message).toBe('Request aborted');
    expect(normaliseError(new CanceledError(undefined, undefined, config())).message).toBe('Request aborted');
    expect(normaliseError(new DOMException('The operation was aborted.', 'AbortError')).message).toBe('Request aborted');
  });

  it('passes an ApiError through unchanged', () => {
    const original = new ApiError({ message: 'x', status: 418 });
    expect(normaliseError(original)).toBe(original);
  });
});
