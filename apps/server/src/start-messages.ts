import type { Config } from './config.js';
import { canDeliverEmail } from './mail/email-delivery.js';

/** The operator's words for a production start without an SMTP server: what is missing, and what it means. */
export const NO_EMAIL_WARNING =
  'SMTP_URL is not set in production: no email leaves this server. Nobody can sign up by email, and no sign-up confirmation, sign-in link, password reset, invitation, reminder, digest or notification email reaches anyone; the web app says so instead of claiming an email was sent. Create the first firm and its admin with `npm run create-admin` (README), and set SMTP_URL (and MAIL_FROM) to send email.';

export const SANDBOXES_ON_WARNING = 'SANDBOXES=on in production: providers without credentials are simulated (labelled sandbox), for signed-in firm members only.';

export interface StartMessage {
  level: 'warn' | 'info';
  text: string;
}

/** The providers a production start has no credentials for (and no sandbox in their place), with the settings that turn each on. */
const providersOff = (config: Config): string[] =>
  [
    config.qbo.mode === 'off' ? 'QuickBooks Online (QBO_CLIENT_ID, QBO_CLIENT_SECRET)' : null,
    config.xero.mode === 'off' ? 'Xero (XERO_CLIENT_ID, XERO_CLIENT_SECRET)' : null,
    config.sms.mode === 'off' ? 'texts (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)' : null,
  ].filter((line): line is string => line !== null);

/**
 * What a start logs about its configuration before it serves anyone, in the operator's words: a
 * production install that cannot send email and sandboxes turned on in production are warnings; the
 * providers left off are noted (the web app offers none of their buttons and tells the accountant in
 * their own words). Development logs none of it: there the outbox and the sandboxes stand in.
 */
export const startMessages = (config: Config): StartMessage[] => {
  if (!config.production) return [];
  const off = providersOff(config);
  return [
    ...(canDeliverEmail(config) ? [] : [{ level: 'warn' as const, text: NO_EMAIL_WARNING }]),
    ...(config.sandboxes ? [{ level: 'warn' as const, text: SANDBOXES_ON_WARNING }] : []),
    ...(off.length > 0 ? [{ level: 'info' as const, text: `Not set up, so not offered in the web app: ${off.join('; ')}.` }] : []),
  ];
};
