/**
 * What Herd needs of an email service, in Herd's words: a transport delivers one message. SMTP's
 * adapter is in integrations/email/; the outbox transport beside this file keeps mail on the machine.
 */
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
