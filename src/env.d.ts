/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** The package version, built in by vite.config.ts (compared with /version.json). */
declare const __APP_VERSION__: string
