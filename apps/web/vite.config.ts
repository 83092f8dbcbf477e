import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';

const rootDir = path.resolve(import.meta.dirname, '../..');

/** The release shown on /version: the root package version and the commit it was built from. */
export const buildInfo = (): { version: string; commit: string } => {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: string };
  let commit = process.env.HERD_COMMIT?.trim() || '';
  if (!commit) {
    try {
      commit = execSync('git rev-parse --short HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // Building from a tarball or a container without git: say so rather than fail the build.
      commit = '';
    }
  }
  return { version: pkg.version ?? 'unknown', commit: commit || 'unknown' };
};

export const buildDefines = () => {
  const info = buildInfo();
  return { __APP_VERSION__: JSON.stringify(info.version), __APP_COMMIT__: JSON.stringify(info.commit) };
};

const inNodeModules = (id: string, ...names: string[]) =>
  names.some((name) => id.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`) || id.includes(`/node_modules/${name}/`));

/** The sign-in page's own modules that signed-in screens import too (grouped above). */
const SIGNED_OUT_SHARED = [
  'src/features/auth/components/auth-card.tsx',
  'src/features/auth/components/xero-auth-link.tsx',
  'src/features/xero/xero-words.ts',
  'src/lib/client-config.ts',
  'src/lib/form-errors.ts',
  'src/lib/use-page-title.ts',
].map((file) => file.split('/').join(path.sep));

export default defineConfig({
  plugins: [
    react(),
    // A brotli (best quality: done once per build) and a gzip copy of every file; the server sends the one the browser accepts.
    compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })], threshold: 1024 }),
    VitePWA(pwaOptions(path.resolve(import.meta.dirname, 'dist'))),
  ],
  define: buildDefines(),
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps would hand the whole source to anyone who asks: built only on request
    // (HERD_SOURCEMAPS=1, e.g. to upload to error reporting), and then not advertised to browsers.
    sourcemap: process.env.HERD_SOURCEMAPS === '1' ? 'hidden' : false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Stable vendor chunks cache across releases; @sentry stays out so it loads only when configured.
        // The sign-in page loads no antd at all. antd's group holds what at least four screens share (its
        // core, theme, buttons, forms: one cached file for every signed-in screen); widgets fewer screens
        // use (tables, pickers, uploads) travel with those screens instead. Four measured best of 2 to 12
        // for the two dashboards' first loads (docs/architecture.md, "Web app: what the first load carries").
        codeSplitting: {
          groups: [
            { name: 'react', test: (id) => inNodeModules(id, 'react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser'), priority: 30 },
            {
              name: 'antd',
              test: (id) =>
                inNodeModules(
                  id,
                  'antd',
                  '@ant-design',
                  '@rc-component',
                  'dayjs',
                  '@emotion',
                  'clsx',
                  'stylis',
                  'throttle-debounce',
                  'compute-scroll-into-view',
                  'scroll-into-view-if-needed',
                  'json2mq',
                  'string-convert',
                  'copy-to-clipboard',
                  'toggle-selection',
                  '@babel',
                ),
              priority: 20,
              minShareCount: 4,
            },
            { name: 'data', test: (id) => inNodeModules(id, '@tanstack', 'zod'), priority: 10 },
            // The sign-in page's small modules that other screens share (each its own chunk otherwise): one
            // file instead of seven, a response's headers each, on every visitor's first download.
            { name: 'signed-out', test: (id) => SIGNED_OUT_SHARED.some((file) => id.endsWith(file)), priority: 5 },
          ],
        },
      },
    },
  },
});
