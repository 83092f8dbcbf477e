import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { renderEmail, type Brand, type EmailContent } from './layout.js';
import type { MailTransport } from './transports.js';

export interface Mailer {
  send(to: string, brand: Brand, content: EmailContent, template: string): Promise<void>;
}

/**
 * Every email is written to the outbox first, then handed to the transport.
 * A transport failure is recorded on the outbox row and logged; it never
 * fails the request that caused the email.
 */
export const createMailer = (db: Db, transport: MailTransport, log: FastifyBaseLogger): Mailer => ({
  async send(to, brand, content, template) {
    const rendered = renderEmail(brand, content);
    const [row] = await db
      .insert(outbox)
      .values({
        channel: 'EMAIL',
        recipient: to,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        template,
        transport: transport.name,
      })
      .returning({ pk: outbox.pk });
    try {
      await transport.deliver({ to, ...rendered, template });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.pk, row!.pk));
    } catch (err) {
      log.error({ err, to, template }, 'email delivery failed');
      await db
        .update(outbox)
        .set({ error: err instanceof Error ? err.message : String(err) })
        .where(eq(outbox.pk, row!.pk));
    }
  },
});
