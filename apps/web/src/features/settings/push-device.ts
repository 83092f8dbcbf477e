import { isAppleMobile, isInstalled } from '../../lib/install-prompt';
import { activeServiceWorker } from '../../lib/service-worker';

/**
 * This browser's side of push notifications: whether it can take them, its subscription with the
 * push service, and which of the person's devices on the server it is (remembered in this browser).
 */
export type PushSupport = 'supported' | 'unsupported' | 'install-first' | 'blocked';

export const pushSupport = (): PushSupport => {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // iPhone and iPad offer push only to a web app added to the Home Screen and opened from there.
  if (!capable) return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
};

/** What the device is called in the list: the kind of phone, or the browser and system. */
export const deviceLabel = (ua = navigator.userAgent) => {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android phone';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser';
  const system = /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'Mac' : /Linux/.test(ua) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
};

const DEVICE_KEY = 'herd.push.device';
export const thisDevicePk = () => Number(localStorage.getItem(DEVICE_KEY)) || null;
export const rememberThisDevice = (pk: number | null) => (pk === null ? localStorage.removeItem(DEVICE_KEY) : localStorage.setItem(DEVICE_KEY, String(pk)));

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const sameKey = (subscription: PushSubscription, publicKey: string) => {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const wanted = keyBytes(publicKey);
  const held = new Uint8Array(key);
  return held.length === wanted.length && held.every((byte, i) => byte === wanted[i]);
};

/**
 * Asks the person's consent (the browser's own question) and subscribes this browser with the
 * server's key; a subscription made with another key (the server's key changed) is replaced.
 * Answers what the server is told, or null when the person said no.
 */
export const subscribeThisBrowser = async (publicKey: string) => {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = (await activeServiceWorker()) ?? (await navigator.serviceWorker.ready);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
};

/** Stops this browser's subscription with its push service (turning the device off on the server is separate). */
export const unsubscribeThisBrowser = async () => {
  const subscription = await (await activeServiceWorker())?.pushManager.getSubscription();
  await subscription?.unsubscribe();
};
