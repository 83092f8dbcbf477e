import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { shouldReportError, type ReportableEvent } from './error-filter';

const exception = (type: string, value: string): ReportableEvent => ({ exception: { values: [{ type, value }] } });

describe('shouldReportError', () => {
  it('reports real bugs', () => {
    expect(shouldReportError(exception('TypeError', "Cannot read properties of undefined (reading 'pk')"))).toBe(true);
    expect(shouldReportError({ message: 'Something broke in the categorize form' })).toBe(true);
    expect(shouldReportError(exception('Error', 'Request failed with status code 500'), new ApiError({ message: 'x', status: 500 }))).toBe(true);
  });

  it('drops content-security-policy violations', () => {
    expect(
      shouldReportError({
        message: "Refused to load the script 'https://x.example/a.js' because it violates the following Content Security Policy directive: \"script-src 'self'\"",
      }),
    ).toBe(false);
    expect(shouldReportError(exception('SecurityPolicyViolationEvent', 'blocked'))).toBe(false);
  });

  it('drops network errors', () => {
    expect(shouldReportError(exception('Error', 'Network Error'))).toBe(false);
    expect(shouldReportError(exception('TypeError', 'Failed to fetch'))).toBe(false);
    expect(shouldReportError(exception('TypeError', 'NetworkError when attempting to fetch resource.'))).toBe(false);
    expect(shouldReportError(exception('TypeError', 'Load failed'))).toBe(false);
  });

  it('drops ResizeObserver loop notices', () => {
    expect(shouldReportError({ message: 'ResizeObserver loop limit exceeded' })).toBe(false);
    expect(shouldReportError(exception('Error', 'ResizeObserver loop completed with undelivered notifications.'))).toBe(false);
  });

  it('drops HTTP 403 failures', () => {
    expect(shouldReportError(exception('AxiosError', 'Request failed with status code 403'))).toBe(false);
    expect(shouldReportError(exception('ApiError', 'You do not have permission to do this.'), new ApiError({ message: 'x', status: 403 }))).toBe(false);
  });

  it('drops a social widget that failed to load', () => {
    expect(shouldReportError({ message: 'Failed to load script: https://connect.facebook.net/en_US/sdk.js' })).toBe(false);
    expect(shouldReportError(exception('Error', 'Script error loading https://platform.twitter.com/widgets.js'))).toBe(false);
  });

  it('drops aborted requests', () => {
    expect(shouldReportError(exception('Error', 'Request aborted'))).toBe(false);
    expect(shouldReportError(exception('AbortError', 'The user aborted a request.'))).toBe(false);
    expect(shouldReportError(exception('CanceledError', 'canceled'))).toBe(false);
  });
});
