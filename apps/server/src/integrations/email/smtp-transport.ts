import nodemailer from 'nodemailer';
import type { MailTransport } from '../../mail/mail-port.js';

/** Email through the SMTP server at SMTP_URL (nodemailer), From the deployment's address. */
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
