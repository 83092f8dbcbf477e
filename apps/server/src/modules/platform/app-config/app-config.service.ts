import type { ClientConfig } from '@herd/contract';
import type { Config } from '../../../config.js';
import type { NoInput } from '../../../lib/service.js';
import { canDeliverEmail } from '../../../mail/email-delivery.js';
import type { Visitor } from '../../../kernel/visitor.js';

type ConfigRead = Pick<Config, 'sentryDsn' | 'gtmId' | 'environment' | 'qbo' | 'xero' | 'sms' | 'sandboxes' | 'smtpUrl' | 'production'>;

/**
 * Settings the web app reads at start, so one build runs in any deployment: error reporting and the
 * tag manager stay off unless their ids are set, and what this installation can do (its ledgers,
 * email, texts, the sandbox Karbon) decides which buttons the web app offers. Which setting is missing
 * is never said here: that is the operator's, in the start log.
 */
export const clientConfigOf = ({ config }: { config: ConfigRead }, _visitor: Visitor, _input: NoInput): ClientConfig => ({
  sentry_dsn: config.sentryDsn,
  gtm_id: config.gtmId,
  environment: config.environment,
  quickbooks_signup: config.qbo.mode !== 'off',
  // A Xero base URL (a simulator elsewhere) is not Xero itself either.
  xero: config.xero.mode === 'off' ? 'off' : config.xero.mode === 'builtin-sandbox' || config.xero.baseUrl ? 'sandbox' : 'live',
  // Intuit's developer sandbox is Intuit's own service; the built-in one, or a simulator a base URL names, is not.
  quickbooks: config.qbo.mode === 'off' ? 'off' : config.qbo.mode === 'builtin-sandbox' || config.qbo.baseUrl ? 'sandbox' : 'live',
  email_delivery: canDeliverEmail(config),
  karbon_sandbox: config.sandboxes,
  texts: config.sms.mode === 'twilio',
});
