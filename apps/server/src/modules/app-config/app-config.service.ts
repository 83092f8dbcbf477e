import type { ClientConfig } from '@herd/contract';
import type { Config } from '../../config.js';

/**
 * Settings the web app reads at start, so one build runs in any deployment:
 * error reporting and the tag manager stay off unless their ids are set.
 */
export const clientConfigOf = (config: Pick<Config, 'sentryDsn' | 'gtmId' | 'environment' | 'qbo'>): ClientConfig => ({
  sentry_dsn: config.sentryDsn,
  gtm_id: config.gtmId,
  environment: config.environment,
  quickbooks_signup: config.qbo.mode !== 'off',
});
