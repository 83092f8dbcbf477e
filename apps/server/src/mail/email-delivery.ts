import type { Config } from '../config.js';

/**
 * Whether Herd's emails reach anyone. With `SMTP_URL` they leave through that server. Without it they
 * only go to the outbox and the log (`outboxTransport`): in development that is where the developer
 * reads them, so the app behaves as if they were sent; in production nobody reads them, so nothing
 * that depends on an email (signing up, emailed links, invitation emails) is offered or claimed.
 */
export const canDeliverEmail = (config: Pick<Config, 'smtpUrl' | 'production'>): boolean => config.smtpUrl !== null || !config.production;
