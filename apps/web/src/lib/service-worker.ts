/**
 * Herd's service worker (built from src-sw/sw.ts at /sw.js, docs/phone-app.md): it keeps the app's
 * shell for offline use and shows push notifications. Only a production build has one; the dev
 * server does not, and a failure here never stops the app.
 */
export const registerServiceWorker = async (): Promise<ServiceWorkerRegistration | null> => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn('Could not register the service worker', error);
    return null;
  }
};

/** The worker once it is active, or null where there is none (dev server, an old browser, a private window that refuses it). */
export const activeServiceWorker = async (): Promise<ServiceWorkerRegistration | null> => {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
};
