import { z } from 'zod';

/** Herd's own green: the app's colour where no firm's brand applies. */
export const HERD_THEME_COLOR = '#2f6f5e';

/**
 * The web app manifest (W3C Web Application Manifest) that makes Herd installable on a home screen
 * (docs/phone-app.md): the same for everyone but its colour, which is the signed-in person's firm's
 * where the firm set one.
 */
export const appManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.enum(['any', 'maskable']) })),
});
export type AppManifest = z.infer<typeof appManifest>;

export const manifestWithColor = (themeColor: string): AppManifest => ({
  name: 'Herd',
  short_name: 'Herd',
  description: 'Explain your transactions, send receipts and answer your accountant’s requests.',
  // Each person's home: a client's companies, an accountant's clients.
  start_url: '/dashboard/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: themeColor,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
});
