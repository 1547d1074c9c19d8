import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as Partial<ManifestOptions>

// version.json is what a running app compares with the version built into it (spec 7, 'VERSION
// DISTINTA'). It is emitted beside the build and kept out of the precache on purpose.
function versionFile(): Plugin {
  return {
    name: 'portal-version-json',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) })
    },
  }
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRIMIBLES = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/

// The server sends a precompressed copy (Brotli, else gzip) when the browser accepts it, so a
// phone on a weak signal downloads about a third of each script and no CPU is spent per request.
// It runs after every other plugin has written its files (the service worker included), and a
// copy is kept only when it is smaller than the original.
function copiasComprimidas(): Plugin {
  let salida = 'dist'
  return {
    name: 'portal-copias-comprimidas',
    apply: 'build',
    configResolved(config) {
      salida = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const entrada of readdirSync(salida, { recursive: true, withFileTypes: true })) {
          if (!entrada.isFile() || !COMPRIMIBLES.test(entrada.name)) continue
          const ruta = join(entrada.parentPath, entrada.name)
          const original = readFileSync(ruta)
          const br = brotliCompressSync(original, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: original.length },
          })
          const gz = gzipSync(original, { level: 9 })
          if (br.length < original.length) writeFileSync(`${ruta}.br`, br)
          if (gz.length < original.length) writeFileSync(`${ruta}.gz`, gz)
        }
      },
    },
  }
}

/** The school's screens' modules. */
const ADMIN = /[\\/]src[\\/](features|routes)[\\/]admin[\\/]/
/**
 * Shared rules. One found in a chunk of the school's screens is used by them alone (a module that
 * a student's screen also imports goes into a chunk they share), so it leaves the chunk theirs.
 */
const DOMINIO = /[\\/]src[\\/]domain[\\/]/

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    // The router plugin must come before react(). A route's loader goes into its own chunk like
    // its component, so the first screen never downloads another screen's queries.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
      },
    }),
    react(),
    versionFile(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['icons/*.png', 'icons/*.svg', 'robots.txt'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The survey charts' library (chunks named graficos-…) is for one staff screen at a desk:
        // a student's phone never stores it.
        globIgnores: ['version.json', 'assets/graficos-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/version\.json$/, /^\/sandbox\//],
        // The query cache owns data: no runtime caching of /api.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Take control of the first visit at once so it already works offline; an update still
        // waits in 'waiting' until the student accepts it (registerType 'prompt').
        clientsClaim: true,
        // Web Push: showing each push and opening its screen on a tap (public/avisos-sw.js).
        importScripts: ['/avisos-sw.js'],
      },
    }),
    copiasComprimidas(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    target: 'es2022',
    // The first script lists, for every lazy import, the chunks to preload with it. The school's
    // screens (chunks named admin-…) are left out of those lists: they would weigh on every
    // student's first screen, and a desk's connection fetches their imports as they come.
    modulePreload: {
      resolveDependencies: (archivo, dependencias) => (archivo.includes('admin-') ? [] : dependencias),
    },
    sourcemap: false,
    // React in one chunk of its own: as routes were added, the bundler began splitting its JSX
    // runtime and a module runtime into separate small files, which every first screen loaded
    // (about 0.6 KB gzip more). One vendor chunk also stays cached across deploys.
    // Chunks are named by their hash alone: every route's chunk names are listed in the first
    // script (the router's lazy imports), so shorter names keep it about 0.7 KB gzip smaller.
    rolldownOptions: {
      output: {
        // The school's own chunks (its screens' modules, with the shared rules only they use) are
        // named admin-…: see modulePreload.
        chunkFileNames: (chunk) =>
          chunk.name === 'graficos'
            ? 'assets/graficos-[hash].js'
            : chunk.moduleIds.some((id) => ADMIN.test(id)) &&
                chunk.moduleIds.every((id) => ADMIN.test(id) || DOMINIO.test(id))
              ? 'assets/admin-[hash].js'
              : 'assets/[hash].js',
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Observable Plot and the parts of d3 it draws with, imported by the survey results'
            // charts when they are drawn: one chunk, kept out of the precache (above).
            {
              name: 'graficos',
              test: /node_modules[\\/](@observablehq[\\/]plot|d3|d3-[a-z-]+|interval-tree-1d|binary-search-bounds|isoformat|internmap|delaunator|robust-predicates)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
