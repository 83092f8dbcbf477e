import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@herd/contract/constants';
import { reloadForMissingChunk } from './chunk-reload';

/** A screen's code did not arrive within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading this screen took longer than ${Math.round(ms / 1000)} seconds.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Rejects when `load` has not settled after `ms`, so a stalled download becomes a retry screen. */
export const withTimeout = <T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Screens whose code is on its way. The component tests wait for them after each test (test/setup.ts): the test files
 * share one module cache, and a screen still loading when its file's page is torn down would leave a failed module
 * in that cache for every later file.
 */
export const screensArriving = new Set<Promise<unknown>>();

const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|loading (css )?chunk|failed to load module script|unable to preload css/i;

/** Whether an error means a screen's code could not be fetched (new deploy, lost connection). */
export const isChunkLoadError = (error: unknown): boolean => error instanceof ChunkLoadTimeoutError || (error instanceof Error && CHUNK_FAILURE.test(error.message));

/**
 * Loads a screen's code. A chunk that failed to arrive (most often: a release replaced it while
 * the tab was open) reloads the page once, and the screen keeps its loading state until the reload;
 * a second failure, or a download that timed out (a slow connection, not a release), reaches the
 * error boundary's retry screen.
 */
const loadScreen = async <T>(load: () => Promise<T>): Promise<T> => {
  const arriving = withTimeout(load);
  screensArriving.add(arriving);
  void arriving.then(
    () => screensArriving.delete(arriving),
    () => screensArriving.delete(arriving),
  );
  try {
    return await arriving;
  } catch (error) {
    if (!(error instanceof ChunkLoadTimeoutError) && isChunkLoadError(error) && reloadForMissingChunk()) return new Promise<T>(() => undefined);
    throw error;
  }
};

/**
 * React.lazy with the chunk timeout and the reload on a missing chunk. Pages use named exports (no
 * default exports anywhere), so the loader picks the component: `lazyPage(() => import('./x').then((m) => m.XPage))`.
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(async () => ({ default: await loadScreen(load) }));
