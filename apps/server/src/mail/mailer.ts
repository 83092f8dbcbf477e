import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { EMAIL_KIND_LABELS } from '@herd/contract';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { EmailContent } from './email-content.js';
import { renderEmail, type Brand } from './layout.js';
import type { MailTransport } from './mail-port.js';
import { maskLinks } from './transports.js';
import { hasOptedOut, unsubscribeLinks, type UnsubscribeTarget } from './unsubscribe.js';

export interface SendOptions {
  /** Where the client's answer goes, a reply address of the thread the email asks about (`modules/conversation/inbound`). */
  replyTo?: string;
  /** A kind of email the person may turn off: not sent if they did; otherwise it carries the way out (footer and headers). */
  unsubscribe?: UnsubscribeTarget;
  /** A job that retries on failure: the transport's error is recorded on the outbox row and thrown, not only logged. */
  throwOnFailure?: boolean;
}

export interface Mailer {
  /** Whether the email went out (to the outbox and the transport); false when the person turned its kind off. */
  send(to: string, brand: Brand, content: EmailContent, template: string, options?: SendOptions): Promise<boolean>;
}

export interface MailerOptions {
  /** Keep sign-in links usable in the outbox, for end-to-end tests to follow (HERD_E2E_OUTBOX only). */
  keepLinks?: boolean;
  /** Herd's public address and signing key, for the unsubscribe links. */
  links: { appUrl: string; secretKey: string };
}

/**
 * Every email is written to the outbox first, then handed to the transport.
 * The outbox is the record of what went out, not a second mailbox: its copy
 * holds no usable link (see `maskLinks`). A transport failure is recorded on
 * the outbox row and logged; it never fails the request that caused the email.
 */
export const createMailer = (db: Db, transport: MailTransport, log: FastifyBaseLogger, options: MailerOptions): Mailer => ({
  async send(to, brand, content, template, extra = {}) {
    let headers: Record<string, string> | undefined;
    if (extra.unsubscribe) {
      if (await hasOptedOut(db, extra.unsubscribe)) {
        log.info({ template, kind: extra.unsubscribe.kind }, 'email not sent: the person turned this kind off');
        return false;
      }
      const links = unsubscribeLinks(options.links.appUrl, options.links.secretKey, extra.unsubscribe);
      content = { ...content, unsubscribe: { label: EMAIL_KIND_LABELS[extra.unsubscribe.kind].label, url: links.page } };
      // RFC 8058: mail providers show an "Unsubscribe" button that POSTs here, with no cookie and no page.
      headers = { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    }
    const rendered = await renderEmail(brand, content);
    const stored = options.keepLinks ? rendered : { ...rendered, text: maskLinks(rendered.text), html: maskLinks(rendered.html) };
    const [row] = await db
      .insert(outbox)
      .values({
        channel: 'EMAIL',
        recipient: to,
        subject: rendered.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        template,
        transport: transport.name,
      })
      .returning({ pk: outbox.pk });
    try {
      await transport.deliver({ to, ...rendered, template, ...(extra.replyTo ? { replyTo: extra.replyTo } : {}), ...(headers ? { headers } : {}) });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.pk, row!.pk));
    } catch (err) {
      log.error({ err, to, template }, 'email delivery failed');
      await db
        .update(outbox)
        .set({ error: err instanceof Error ? err.message : String(err) })
        .where(eq(outbox.pk, row!.pk));
      if (extra.throwOnFailure) throw err;
    }
    return true;
  },
});
