import type { ClientConfig } from '@herd/contract';
import type { Config } from '../../config.js';
import { SMS_SANDBOX_PATH } from '../../sms/sms-settings.js';

/**
 * Settings the web app reads at start, so one build runs in any deployment:
 * error reporting and the tag manager stay off unless their ids are set.
 */
export const clientConfigOf = (config: Pick<Config, 'sentryDsn' | 'gtmId' | 'environment' | 'sms'>): ClientConfig => ({
  sentry_dsn: config.sentryDsn,
  gtm_id: config.gtmId,
  environment: config.environment,
  // Only the sandbox's own page, never a real provider's: the web app links to it beside "code sent".
  sms_sandbox_page: config.sms.mode === 'builtin-sandbox' ? `${SMS_SANDBOX_PATH}/` : null,
});
