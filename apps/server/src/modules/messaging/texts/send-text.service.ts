import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { outbox } from '../../../db/schema/index.js';
import { maskLinks } from '../../../mail/transports.js';
import type { SmsSender } from './sms.port.js';

const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

/** A phone a text can go to: written with its country code; spaces, dashes and brackets are ignored. */
export const textablePhone = (phone: string): string | null => {
  const number = phone.replace(/[\s().-]/g, '');
  return INTERNATIONAL.test(number) ? number : null;
};

/**
 * Sends one text and keeps it in the outbox like an email (link masked). A failure is recorded on the
 * row, never thrown: the email beside it already went, and retrying would send that twice. Answers
 * whether the text went.
 */
export const sendText = async (db: Db, sms: SmsSender, to: string, body: string, template: string): Promise<boolean> => {
  const [row] = await db
    .insert(outbox)
    .values({ channel: 'SMS', recipient: to, textBody: maskLinks(body), template, transport: 'twilio' })
    .returning({ pk: outbox.pk });
  try {
    await sms.send(to, body);
    await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.pk, row!.pk));
    return true;
  } catch (err) {
    await db
      .update(outbox)
      .set({ error: err instanceof Error ? err.message : String(err) })
      .where(eq(outbox.pk, row!.pk));
    return false;
  }
};
