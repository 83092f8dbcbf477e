/**
 * When to offer installing Herd on the home screen (docs/phone-app.md): never on a first visit, never
 * once installed or declined. Chrome and Android hand the page an install prompt early, before any
 * screen is drawn, so it is caught at start and kept here; Safari on an iPhone or iPad has none, and
 * is told in words instead.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const VISITS_KEY = 'herd.visits';
const DECLINED_KEY = 'herd.install.declined';
const SESSION_KEY = 'herd.visit.counted';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** Counts this visit (once a browser session) and listens for the browser's install prompt. */
export const watchInstallPrompt = () => {
  try {
    if (!sessionStorage.getItem(SESSION_KEY)) {
      sessionStorage.setItem(SESSION_KEY, '1');
      localStorage.setItem(VISITS_KEY, String(Number(localStorage.getItem(VISITS_KEY) ?? 0) + 1));
    }
  } catch {
    // Storage refused (a private window): no count, so no offer.
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
};

export const onInstallPromptChange = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
/** Opened from the home screen, as an installed app. */
export const isInstalled = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
const visits = () => Number(localStorage.getItem(VISITS_KEY) ?? 0);

/** How Herd may be installed now: by the browser's own prompt, by the words for iOS, or not at all. */
export const installOffer = (): 'prompt' | 'ios' | null => {
  if (isInstalled() || visits() < 2 || localStorage.getItem(DECLINED_KEY)) return null;
  if (deferred) return 'prompt';
  return isAppleMobile() ? 'ios' : null;
};

/** Shows the browser's install dialog; whatever the answer, it is not offered again. */
export const promptInstall = async () => {
  const event = deferred;
  deferred = null;
  localStorage.setItem(DECLINED_KEY, '1');
  if (!event) return;
  await event.prompt();
  await event.userChoice;
};

export const declineInstall = () => localStorage.setItem(DECLINED_KEY, '1');
