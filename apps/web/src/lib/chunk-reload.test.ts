import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, listenForMissingChunks, pageReload, reloadForMissingChunk } from './chunk-reload';

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The mark as a page load before this one would have left it. */
const markFromEarlierPage = (at: number) => window.sessionStorage.setItem('herd.chunk-reload', JSON.stringify({ at, page: performance.timeOrigin - 1 }));

describe('reloading for a missing chunk', () => {
  it('reloads once, and a second chunk failing in the same page load waits for that reload', () => {
    expect(reloadForMissingChunk(1_000_000)).toBe(true);
    expect(reloadForMissingChunk(1_000_500)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again right after a reload it caused: the error is shown instead of a loop', () => {
    markFromEarlierPage(1_000_000);
    expect(reloadForMissingChunk(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again for a later release in the same tab', () => {
    markFromEarlierPage(1_000_000);
    expect(reloadForMissingChunk(1_000_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads when the tab keeps no session storage, since it could not stop a loop', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(reloadForMissingChunk()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('cancels Vite’s preload error while it reloads, and lets it through when the guard says no', () => {
    listenForMissingChunks();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    markFromEarlierPage(Date.now());
    const again = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
