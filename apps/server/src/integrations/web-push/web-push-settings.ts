import { vapidKeysFrom } from './vapid-keys.js';

/** The push services of the browsers people use: Chrome's and Edge's, Firefox's, Safari's, Windows'. */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** How Herd signs its pushes: the VAPID pair and the contact push services may write to. */
export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service contacts about this server's pushes. */
  subject: string;
  timeoutMs: number;
}

interface WebPushEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}

/** The address inside a From header ("Herd <no-reply@herd.local>" → "no-reply@herd.local"). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The operator's keys when given (both), else the pair derived from SECRET_KEY. The contact is
 * VAPID_SUBJECT, else the app's address when it is https, else the sender address of Herd's email.
 */
export const parseWebPushSettings = (env: WebPushEnv, secretKey: string, appUrl: string, mailFrom: string, timeoutMs: number): WebPushSettings => {
  const keys = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : vapidKeysFrom(secretKey);
  const subject = env.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : `mailto:${addressOf(mailFrom)}`);
  return { ...keys, subject, timeoutMs };
};
