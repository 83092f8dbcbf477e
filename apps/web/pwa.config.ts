import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** What index.html loads at once: the shell, kept by the worker beside the page itself. */
const filesOfIndex = (distDir: string) => {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
};

/**
 * Herd as an installable app (docs/phone-app.md): the service worker of src-sw/sw.ts with the shell
 * it keeps. The worker is registered by the app itself (lib/service-worker.ts), so no registration
 * script is added to the first load; the manifest is the server's (index.html links it), in the
 * colour of the signed-in person's firm.
 */
export const pwaOptions = (distDir: string): Partial<VitePWAOptions> => ({
  strategies: 'injectManifest',
  srcDir: 'src-sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
    // The rest of a release (each screen's own code) is kept as it is used, not all at install.
    manifestTransforms: [
      async (entries) => {
        const shell = filesOfIndex(distDir);
        return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
      },
    ],
  },
});
