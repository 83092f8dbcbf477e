import { loadOrCreatePrivateSecretFile } from '../../../lib/private-files.js';
import type { SenderAuthSettings } from './sender-auth.rule.js';

export const DEFAULT_INBOUND_DOMAIN = 'inbound.localhost';
export const DEFAULT_INBOUND_MAX_MB = 25;
/** The embedded install's webhook secret, made on first start beside its database when INBOUND_WEBHOOK_SECRET is not set. */
export const INBOUND_SECRET_FILE = 'inbound_webhook_secret';

/**
 * Email Herd receives: replies of clients (and later receipts), by Herd's own
 * SMTP listener and/or a mail provider's webhook, both into one pipeline.
 */
export interface InboundSettings {
  /** The domain of Herd's reply addresses (`reply+<token>@domain`); its MX record points at the listener or the provider. */
  domain: string;
  /** Herd's own SMTP listener; null keeps it off. */
  smtpPort: number | null;
  smtpHost: string;
  /** The webhook's shared secret; null turns the webhook off (it answers 404). */
  webhookSecret: string | null;
  /** The largest message taken, counted while it is read. */
  maxMessageBytes: number;
  /** How the sender's SPF/DKIM/DMARC verdict is read (`sender-auth.rule.ts`). */
  senderAuth: SenderAuthSettings;
}

interface InboundEnv {
  INBOUND_DOMAIN?: string | undefined;
  INBOUND_SMTP_PORT?: number | undefined;
  INBOUND_SMTP_HOST?: string | undefined;
  INBOUND_WEBHOOK_SECRET?: string | undefined;
  INBOUND_MAX_MB?: number | undefined;
  INBOUND_REQUIRE_AUTH_RESULTS?: boolean | undefined;
  INBOUND_AUTHSERV_IDS?: string | undefined;
}

/**
 * On the embedded database (one process, DATA_DIR private to it) the webhook is on with a secret
 * kept in DATA_DIR, so `npm start` needs nothing more. With DATABASE_URL every API process must
 * agree on the secret, so it is on only when INBOUND_WEBHOOK_SECRET is set.
 */
export const parseInboundSettings = (env: InboundEnv, install: { dataDir: string; databaseUrl: string | null; host: string }): InboundSettings => ({
  domain: (env.INBOUND_DOMAIN ?? DEFAULT_INBOUND_DOMAIN).toLowerCase(),
  smtpPort: env.INBOUND_SMTP_PORT ?? null,
  smtpHost: env.INBOUND_SMTP_HOST ?? install.host,
  webhookSecret: env.INBOUND_WEBHOOK_SECRET ?? (install.databaseUrl ? null : loadOrCreatePrivateSecretFile(install.dataDir, INBOUND_SECRET_FILE)),
  maxMessageBytes: Math.floor((env.INBOUND_MAX_MB ?? DEFAULT_INBOUND_MAX_MB) * 1024 * 1024),
  senderAuth: {
    // On unless said otherwise: without a receiving server's verdict, a forged From cannot be told apart.
    requireAuthResults: env.INBOUND_REQUIRE_AUTH_RESULTS ?? true,
    authservIds: env.INBOUND_AUTHSERV_IDS
      ? env.INBOUND_AUTHSERV_IDS.split(',')
          .map((id) => id.trim().toLowerCase())
          .filter((id) => id !== '')
      : null,
  },
});
