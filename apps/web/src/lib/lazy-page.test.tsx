import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@herd/contract';
import { RouteErrorBoundary } from '../ui/route-error-boundary';
import { pageReload } from './chunk-reload';
import { ChunkLoadTimeoutError, isChunkLoadError, lazyPage, withTimeout } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('withTimeout', () => {
  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const result = withTimeout(() => new Promise<never>(() => undefined));
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });

  it('passes a timely result through', async () => {
    await expect(withTimeout(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ chunk failure messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadTimeoutError(1000))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('a lazy screen', () => {
  const Page: ComponentType = () => <p>Loaded page</p>;

  it('shows a retry screen when its chunk times out', async () => {
    // React reports the caught error on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const Stalled = lazyPage<object>(() => new Promise<ComponentType>(() => undefined));
    render(
      <RouteErrorBoundary resetKey="/a">
        <Suspense fallback={<p>waiting</p>}>
          <Stalled />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByText('This screen did not load')).toBeInTheDocument();
    expect(screen.getByText(/took longer than 120 seconds/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

  it('reloads the page once when its chunk is gone, waiting for the reload rather than showing an error', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const Gone = lazyPage<object>(missingChunk);
    render(
      <RouteErrorBoundary resetKey="/a">
        <Suspense fallback={<p>waiting</p>}>
          <Gone />
        </Suspense>
      </RouteErrorBoundary>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('This screen did not load')).not.toBeInTheDocument();
  });

  it('shows a retry screen when its chunk is still missing after that reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    // The page load before this one reloaded a moment ago.
    window.sessionStorage.setItem('herd.chunk-reload', JSON.stringify({ at: Date.now(), page: performance.timeOrigin - 1 }));
    const Broken = lazyPage<object>(missingChunk);
    render(
      <RouteErrorBoundary resetKey="/a">
        <Suspense fallback={<p>waiting</p>}>
          <Broken />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('This screen did not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('renders the screen once loaded', async () => {
    const Ready = lazyPage(() => Promise.resolve(Page));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Ready />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
  });
});
