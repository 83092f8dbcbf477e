import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { TestApp } from './harness.js';

/** The bytes of a small PDF: what a client attaches to answer "where is the receipt?". */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The verdict a receiving provider writes on a message it checked (RFC 8601): by default everything
 * passed for the sender's domain, as for a client writing from their own mailbox.
 */
export const authResults = (from: string, verdicts: { spf?: string; dkim?: string; dmarc?: string } = {}, authservId = 'mx.provider.test') => {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const { spf = 'pass', dkim = 'pass', dmarc = 'pass' } = verdicts;
  return `${authservId}; dkim=${dkim} header.i=@${domain} header.s=s1 header.b=AbCd; spf=${spf} (${authservId}: domain of ${address} designates 192.0.2.1 as permitted sender) smtp.mailfrom=${address}; dmarc=${dmarc} (p=REJECT sp=REJECT dis=NONE) header.from=${domain}`;
};

/** A real MIME message, built by nodemailer as a mail program would send it, with the receiving provider's passing verdict unless `headers` says otherwise. */
export const composeMime = (options: Mail.Options): Promise<Buffer> =>
  new MailComposer({
    ...options,
    headers: { 'Authentication-Results': authResults(String(options.from ?? '')), ...(options.headers as Record<string, string> | undefined) },
  })
    .compile()
    .build();

/** A client's answer as Gmail writes it: their words, the quoted question below. */
export const gmailReply = (from: string, to: string, words: string, extra: Partial<Mail.Options> = {}) =>
  composeMime({
    from,
    to,
    subject: 'Re: A question about a transaction',
    text: `${words}\n\nOn Tue, Nov 24, 2026 at 10:02 AM Ada Accountant <no-reply@herd.test> wrote:\n> Which client was this lunch with?\n> Thanks`,
    ...extra,
  });

export const postInbound = (t: TestApp, raw: Buffer, headers: Record<string, string> = { 'x-herd-inbound-secret': 'test-inbound-webhook-secret' }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/inbound-email/', headers: { 'content-type': 'message/rfc822', ...headers }, payload: raw });

/** A mail program's SMTP client, talking to Herd's listener as a sending mail server would: no verdict on the sender. */
export const sendBareTo = (port: number, message: Mail.Options) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } }).sendMail(message);

/** As a relay in front of the listener delivers it: with its passing verdict on the sender unless `headers` says otherwise. */
export const sendTo = (port: number, message: Mail.Options) =>
  sendBareTo(port, {
    ...message,
    headers: { 'Authentication-Results': authResults(String(message.from ?? '')), ...(message.headers as Record<string, string> | undefined) },
  });
