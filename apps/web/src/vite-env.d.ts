/// <reference types="vite/client" />

/** Set at build time by vite.config.ts: the root package version and the short git commit. */
declare const __APP_VERSION__: string;
declare const __APP_COMMIT__: string;
