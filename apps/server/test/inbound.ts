import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { TestApp } from './harness.js';

/** The bytes of a small PDF: what a client attaches to answer "where is the receipt?". */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A real MIME message, built by nodemailer as a mail program would send it. */
export const composeMime = (options: Mail.Options): Promise<Buffer> => new MailComposer(options).compile().build();

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
