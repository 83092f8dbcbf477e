import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A fresh module per test: it keeps the browser's prompt of its own page load. */
const load = async () => {
  vi.resetModules();
  return import('./install-prompt');
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('offering to install Herd', () => {
  it('never on a first visit, and from the second on where the browser offers it, once', async () => {
    const first = await load();
    first.watchInstallPrompt();
    const prompt = Object.assign(new Event('beforeinstallprompt'), { prompt: vi.fn(() => Promise.resolve()), userChoice: Promise.resolve({ outcome: 'accepted' }) });
    window.dispatchEvent(prompt);
    expect(first.installOffer()).toBeNull();

    sessionStorage.clear();
    const second = await load();
    second.watchInstallPrompt();
    expect(second.installOffer()).toBeNull();
    window.dispatchEvent(prompt);
    expect(second.installOffer()).toBe('prompt');
    await second.promptInstall();
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    expect(second.installOffer()).toBeNull();
  });

  it('tells an iPhone the steps, and stays quiet once declined', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    localStorage.setItem('herd.visits', '1');
    const page = await load();
    page.watchInstallPrompt();
    expect(page.installOffer()).toBe('ios');
    page.declineInstall();
    expect(page.installOffer()).toBeNull();
  });
});
