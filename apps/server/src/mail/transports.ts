import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  replyTo?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe pair. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
}

const LINK_PATTERN = /https?:\/\/[^\s)>"]+/g;

/**
 * The default transport: nothing leaves the machine. The message is kept in
 * the outbox table (by the mailer) and its subject, recipient and links are
 * printed, so a developer can follow a magic link from the log.
 */
export const outboxTransport = (log: FastifyBaseLogger): MailTransport => ({
  name: 'outbox',
  async deliver(mail) {
    log.info({ to: mail.to, subject: mail.subject, links: mail.text.match(LINK_PATTERN) ?? [] }, 'email (outbox)');
  },
});

export const smtpTransport = (smtpUrl: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
};
