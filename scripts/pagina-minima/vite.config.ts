import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// Same versions and build target as the portal (vite.config.ts); the output folder is the bench's.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  plugins: [react(), VitePWA({ injectRegister: false, manifest: false })],
  build: { target: 'es2022', emptyOutDir: true },
})
