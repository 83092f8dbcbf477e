import type { ClientConfig } from '@herd/contract';
import type { Config } from '../../config.js';
import type { NoInput } from '../../lib/service.js';
import type { Visitor } from '../auth/visitor.js';

/**
 * Settings the web app reads at start, so one build runs in any deployment:
 * error reporting and the tag manager stay off unless their ids are set.
 */
export const clientConfigOf = (
  { config }: { config: Pick<Config, 'sentryDsn' | 'gtmId' | 'environment' | 'qbo' | 'xero'> },
  _visitor: Visitor,
  _input: NoInput,
): ClientConfig => ({
  sentry_dsn: config.sentryDsn,
  gtm_id: config.gtmId,
  environment: config.environment,
  quickbooks_signup: config.qbo.mode !== 'off',
  // A Xero base URL (a simulator elsewhere) is not Xero itself either.
  xero: config.xero.mode === 'off' ? 'off' : config.xero.mode === 'builtin-sandbox' || config.xero.baseUrl ? 'sandbox' : 'live',
});
