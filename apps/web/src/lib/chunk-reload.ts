/**
 * When a release replaces the app's files, a tab opened before it still asks for the old chunks,
 * which are gone (the server answers 404). Reloading fetches the new release's index.html and its
 * chunks, so the person lands on the screen they asked for. It happens at most once a minute per
 * tab: if the reload did not help (the file is missing from the release itself, or the connection
 * is down), the screen shows its retry message instead of reloading for ever.
 */
const STORAGE_KEY = 'herd.chunk-reload';
/** A second failure within this long of the automatic reload is not a new release: stop reloading. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** What reloads the page; an object so tests can watch it (jsdom cannot navigate). */
export const pageReload = { run: (): void => window.location.reload() };

interface ReloadMark {
  /** When the reload was asked for. */
  at: number;
  /** Which page load asked (`performance.timeOrigin`): the same one is still waiting for it. */
  page: number;
}

const readMark = (): ReloadMark | null => {
  try {
    const mark = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ReloadMark> | null;
    return typeof mark?.at === 'number' && typeof mark.page === 'number' ? { at: mark.at, page: mark.page } : null;
  } catch {
    return null;
  }
};

/**
 * Reloads the page unless it was reloaded for the same reason within the guard time, and answers
 * whether the page is going away (so the caller waits rather than showing an error). Several
 * chunks failing in one page load ask once. Without session storage (private modes may refuse it)
 * it never reloads, since it could not tell a loop from a release.
 */
export const reloadForMissingChunk = (now: number = Date.now()): boolean => {
  const page = performance.timeOrigin;
  const mark = readMark();
  if (mark?.page === page) return true;
  if (mark && now - mark.at < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ at: now, page } satisfies ReloadMark));
  } catch {
    return false;
  }
  pageReload.run();
  return true;
};

/**
 * Vite's preload helper reports a chunk's dependencies (its CSS, shared chunks) that failed to load
 * with `vite:preloadError` before the import fails. Cancelling the event while the page reloads keeps
 * the error from reaching the screen in the moment before it goes; when the guard says no, the error
 * goes on to the screen's retry message.
 */
export const listenForMissingChunks = (): void => {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForMissingChunk()) event.preventDefault();
  });
};
