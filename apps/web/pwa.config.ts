import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * Herd as an installable app (docs/phone-app.md): its manifest, and the service worker of
 * src-sw/sw.ts with the shell it keeps. The worker is registered by the app itself
 * (lib/service-worker.ts), so no registration script is added to the first load.
 */
const manifest: VitePWAOptions['manifest'] = {
  name: 'Herd',
  short_name: 'Herd',
  description: 'Explain your transactions, send receipts and answer your accountant’s requests.',
  // Each person's home: a client's companies, an accountant's clients.
  start_url: '/dashboard/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#2f6f5e',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** What index.html loads at once: the shell, kept by the worker beside the page itself. */
const filesOfIndex = (distDir: string) => {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
};

export const pwaOptions = (distDir: string): Partial<VitePWAOptions> => ({
  strategies: 'injectManifest',
  srcDir: 'src-sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest,
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
    // The rest of a release (each screen's own code) is kept as it is used, not all at install.
    manifestTransforms: [
      async (entries) => {
        const shell = filesOfIndex(distDir);
        return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
      },
    ],
  },
});
