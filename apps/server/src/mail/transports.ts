import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './mail-port.js';

const LINK_PATTERN = /https?:\/\/[^\s)>"]+/g;

/** A link's secret code (sign-in, reset, sign-up, email-change confirmation) replaced by "…", so the text cannot sign anyone in. */
const SECRET_PARAMS = /([?&;](?:magic|reset|signup|email-change)=)[^\s&"'<>)]+/g;
export const maskLinks = (body: string): string => body.replace(SECRET_PARAMS, '$1…');

/**
 * The default transport: nothing leaves the machine. The message is kept in
 * the outbox table (by the mailer) and its subject, recipient and links are
 * printed, so a developer can follow a magic link from the log. In production
 * (`secretLinks: false`) the links are printed with their codes masked: a log
 * is read by more people, and kept longer, than a mailbox.
 */
export const outboxTransport = (log: FastifyBaseLogger, { secretLinks }: { secretLinks: boolean }): MailTransport => ({
  name: 'outbox',
  async deliver(mail) {
    const links = (mail.text.match(LINK_PATTERN) ?? []).map((link) => (secretLinks ? link : maskLinks(link)));
    log.info({ to: mail.to, subject: mail.subject, links }, secretLinks ? 'email (outbox)' : 'email not sent (no SMTP_URL): kept in the outbox');
  },
});
