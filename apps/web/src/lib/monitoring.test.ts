import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appEndpoints } from '@herd/contract';
import { createFakeApi, makeClientConfig } from '../../test/fake-api';
import { ApiError } from './api-errors';
import { isMonitoringEnabled, runWhenIdle, startMonitoring } from './monitoring';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('@sentry/react', () => sentry);

type IdleCallback = (deadline: IdleDeadline) => void;

beforeEach(() => {
  sentry.init.mockClear();
  document.head.querySelectorAll('script[data-herd-gtm]').forEach((s) => s.remove());
  delete window.dataLayer;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const config = (overrides: Parameters<typeof makeClientConfig>[0]) => createFakeApi().answer(appEndpoints.clientConfig, {}, makeClientConfig(overrides)).install();

describe('isMonitoringEnabled', () => {
  it('needs a DSN and is off locally', () => {
    const dsn = 'https://k@o1.ingest.sentry.io/1';
    expect(isMonitoringEnabled(makeClientConfig({ sentry_dsn: dsn }))).toBe(true);
    expect(isMonitoringEnabled(makeClientConfig({ sentry_dsn: null }))).toBe(false);
    expect(isMonitoringEnabled(makeClientConfig({ sentry_dsn: dsn, environment: 'local' }))).toBe(false);
    expect(isMonitoringEnabled(makeClientConfig({ sentry_dsn: dsn, environment: 'development' }))).toBe(false);
  });
});

describe('runWhenIdle', () => {
  it('asks requestIdleCallback with the time limit', () => {
    const ric = vi.fn((cb: IdleCallback) => cb({ didTimeout: false, timeRemaining: () => 10 }));
    vi.stubGlobal('requestIdleCallback', ric);
    const task = vi.fn();
    runWhenIdle(task, 3000);
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer within the limit', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    runWhenIdle(task, 3000);
    vi.advanceTimersByTime(2999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('startMonitoring', () => {
  it('starts error reporting on idle within 3 s, all sessions, 40% of traces, filtered', async () => {
    const ric = vi.fn((cb: IdleCallback) => cb({ didTimeout: true, timeRemaining: () => 0 }));
    vi.stubGlobal('requestIdleCallback', ric);
    config({ sentry_dsn: 'https://key@o1.ingest.sentry.io/1' });
    await startMonitoring();
    await vi.waitFor(() => expect(sentry.init).toHaveBeenCalledTimes(1));
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    const options = sentry.init.mock.calls[0]?.[0] as {
      dsn: string;
      sampleRate: number;
      tracesSampleRate: number;
      beforeSend: (event: object, hint: { originalException?: unknown }) => object | null;
    };
    expect(options.dsn).toBe('https://key@o1.ingest.sentry.io/1');
    expect(options.sampleRate).toBe(1);
    expect(options.tracesSampleRate).toBe(0.4);
    const event = { exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } };
    expect(options.beforeSend(event, {})).toBe(event);
    expect(options.beforeSend({ message: 'ResizeObserver loop limit exceeded' }, {})).toBeNull();
    expect(options.beforeSend({}, { originalException: new ApiError({ message: 'no', status: 403 }) })).toBeNull();
  });

  it('leaves error reporting off without a DSN or locally', async () => {
    vi.stubGlobal('requestIdleCallback', (cb: IdleCallback) => cb({ didTimeout: true, timeRemaining: () => 0 }));
    config({ sentry_dsn: null });
    await startMonitoring();
    config({ sentry_dsn: 'https://key@o1.ingest.sentry.io/1', environment: 'local' });
    await startMonitoring();
    await new Promise((r) => setTimeout(r, 20));
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('loads the tag manager within 2 s only when an id is set', async () => {
    const ric = vi.fn((cb: IdleCallback) => cb({ didTimeout: true, timeRemaining: () => 0 }));
    vi.stubGlobal('requestIdleCallback', ric);
    config({});
    await startMonitoring();
    expect(document.querySelector('script[data-herd-gtm]')).toBeNull();
    config({ gtm_id: 'GTM-ABC123' });
    await startMonitoring();
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    const script = document.querySelector<HTMLScriptElement>('script[data-herd-gtm]');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
  });
});
