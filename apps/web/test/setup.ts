import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

// jsdom does not implement scrolling; the app scrolls to top on every navigation.
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  // Kept editor drafts (and anything else a test put in the tab's storage) do not reach the next test.
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// antd pages load as lazy chunks; the first import in a test file can take a moment.
configure({ asyncUtilTimeout: 8000 });
