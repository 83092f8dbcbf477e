import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { EMAIL_KINDS, UNSUBSCRIBE_ONE_CLICK_PATH, API_PREFIX, type EmailKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import { emailOptOuts } from '../db/schema/index.js';
import { safeEqual } from '../lib/crypto.js';

/** Whose emails of which kind an unsubscribe link stops. */
export interface UnsubscribeTarget {
  userId: number;
  kind: EmailKind;
}

const signature = (secretKey: string, payload: string) => createHmac('sha256', secretKey).update(`unsubscribe:v1:${payload}`).digest('base64url').slice(0, 32);

/**
 * The token of an unsubscribe link: `<user>.<kind>.<signature>`. It never expires (an old email's
 * link must still work) and stops only that kind for that person, so signing is all it needs.
 */
export const unsubscribeToken = (secretKey: string, target: UnsubscribeTarget): string => {
  const payload = `${target.userId}.${target.kind}`;
  return `${payload}.${signature(secretKey, payload)}`;
};

/** The target a token names, or null when it was not signed with this key or is malformed. */
export const readUnsubscribeToken = (secretKey: string, token: string): UnsubscribeTarget | null => {
  const match = /^([1-9]\d{0,9})\.([A-Z]+)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, user, kind, given] = match;
  if (!(EMAIL_KINDS as readonly string[]).includes(kind!)) return null;
  if (!safeEqual(given!, signature(secretKey, `${user}.${kind}`))) return null;
  return { userId: Number(user), kind: kind as EmailKind };
};

/** The page a person opens from the email's footer, and the address mail providers POST to (RFC 8058). */
export const unsubscribeLinks = (appUrl: string, secretKey: string, target: UnsubscribeTarget) => {
  const token = encodeURIComponent(unsubscribeToken(secretKey, target));
  const base = appUrl.replace(/\/$/, '');
  return { page: `${base}/unsubscribe/?token=${token}`, oneClick: `${base}${API_PREFIX}/${UNSUBSCRIBE_ONE_CLICK_PATH}?token=${token}` };
};

export const hasOptedOut = async (db: Db, target: UnsubscribeTarget): Promise<boolean> => {
  const [row] = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, target.userId), eq(emailOptOuts.kind, target.kind)));
  return row !== undefined;
};
