import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderPdfThumbnail } from '../src/features/transactions/pdf-thumbnail';
import { screensArriving } from '../src/lib/lazy-page';
import './without-owner-stacks';

// pdf.js needs a real canvas, which jsdom lacks (Chromium draws real thumbnails in e2e/transactions.spec.ts).
// Mocked here for every file: test files share one module cache (`isolate: false`), so a `vi.mock`
// inside a test file would not reach a component another file has already loaded. The factory runs
// again for each file; it hands back the same mock each time, the one cached components call.
vi.mock('../src/features/transactions/pdf-thumbnail', () => {
  const shared = globalThis as { pdfThumbnailMock?: { renderPdfThumbnail: typeof renderPdfThumbnail } };
  shared.pdfThumbnailMock ??= { renderPdfThumbnail: vi.fn<typeof renderPdfThumbnail>() };
  return shared.pdfThumbnailMock;
});
beforeEach(() => {
  vi.mocked(renderPdfThumbnail).mockReset();
  vi.mocked(renderPdfThumbnail).mockRejectedValue(new Error('pdf.js cannot draw in jsdom.'));
});

// A screen whose code a test started to load finishes loading before the next test, and before the file's page is
// torn down: the files share one module cache, and a load cut off by the teardown would leave that screen broken in
// the cache for every later file of the worker.
afterEach(async () => {
  while (screensArriving.size > 0) await Promise.allSettled([...screensArriving]);
});

// antd's responsive helpers (Grid, Layout.Sider breakpoints) read matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// antd measures some components (Tabs, Typography ellipsis) with ResizeObserver.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });

// antd's Mentions scrolls the active suggestion into view, which jsdom does not implement.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// jsdom does not implement scrolling; the app scrolls to top on every navigation.
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  // A test that faked the clock must not hand fake time to the next test, or the next file.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Kept editor drafts (and anything else a test put in the tab's storage) do not reach the next test.
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// antd pages load as lazy chunks; the first import in a test file can take a moment.
configure({ asyncUtilTimeout: 8000 });
// A test that renders antd outside the app's providers (a widget alone) gets antd's full runtime styles,
// thousands of rules, and antd keeps them in the head for good. Left there, every later file in the
// same worker paid for them: each computed-style lookup (a role query asks it of every element and
// its ancestors) walked them all, which made a worker's files a third slower or not, by the order it
// ran them in. The app's own render (test/render-app.tsx) writes none there.
afterEach(() => {
  document.head.querySelectorAll('style[data-rc-order], style[data-css-hash], style[data-token-hash]').forEach((sheet) => sheet.remove());
});
