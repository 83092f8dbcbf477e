import type { ClientConfig } from '@herd/contract/auth';
import { appEndpoints } from '@herd/contract/endpoints/app';
import { call } from './api-client';
import { shouldReportError, type ReportableEvent } from './error-filter';

/** Monitoring starts on idle within 3 s, the tag manager within 2 s, so neither delays the first paint. */
export const MONITORING_IDLE_TIMEOUT_MS = 3000;
export const TAG_MANAGER_IDLE_TIMEOUT_MS = 2000;
export const SENTRY_SAMPLE_RATE = 1.0;
export const SENTRY_TRACES_SAMPLE_RATE = 0.4;
const LOCAL_ENVIRONMENTS = new Set(['local', 'development', 'dev', 'test']);

export const isMonitoringEnabled = (config: ClientConfig): boolean => Boolean(config.sentry_dsn) && !LOCAL_ENVIRONMENTS.has(config.environment.toLowerCase());

/** Runs `task` when the browser is idle, or after `timeoutMs` at the latest. */
export const runWhenIdle = (task: () => void, timeoutMs: number): void => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  } else {
    // Safari has no requestIdleCallback: wait the longest we may wait.
    window.setTimeout(task, timeoutMs);
  }
};

/**
 * The seam to error reporting. @sentry/react is imported only here, lazily,
 * so the SDK is a separate chunk that a deployment without a DSN never loads.
 */
const startSentry = async (config: ClientConfig & { sentry_dsn: string }): Promise<void> => {
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.sentry_dsn,
    environment: config.environment,
    release: `herd-web@${__APP_VERSION__}+${__APP_COMMIT__}`,
    sampleRate: SENTRY_SAMPLE_RATE,
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    integrations: [Sentry.browserTracingIntegration()],
    beforeSend: (event, hint) => (shouldReportError(event as ReportableEvent, hint.originalException) ? event : null),
  });
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google Tag Manager's loader, without an inline script (the CSP forbids those). */
export const startTagManager = (gtmId: string): void => {
  if (document.querySelector('script[data-herd-gtm]')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.dataset.herdGtm = 'true';
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
};

/** Reads the runtime settings and starts what they ask for. Failures here never stop the app. */
export const startMonitoring = async (): Promise<void> => {
  let config: ClientConfig;
  try {
    config = await call(appEndpoints.clientConfig, {});
  } catch {
    return;
  }
  const dsn = config.sentry_dsn;
  if (dsn && isMonitoringEnabled(config)) {
    runWhenIdle(() => {
      startSentry({ ...config, sentry_dsn: dsn }).catch((error: unknown) => console.warn('Error reporting did not start', error));
    }, MONITORING_IDLE_TIMEOUT_MS);
  }
  const gtmId = config.gtm_id;
  if (gtmId) runWhenIdle(() => startTagManager(gtmId), TAG_MANAGER_IDLE_TIMEOUT_MS);
};
