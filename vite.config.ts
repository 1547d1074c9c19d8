import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
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

/**
 * What the first script needs: every module the entry imports statically, whatever their depth.
 * Filled once the module graph is known; read by the chunk group 'arranque' below, which keeps
 * them in one file (a few larger files compress better than many small ones, and the school's
 * lazy half would otherwise split what it shares with the first screen into pieces of its own).
 */
const delArranque = new Set<string>()
/** What the validator's screen needs beyond the first script: one chunk of its own, 'validador'. */
const delValidador = new Set<string>()
const COMPONENTE_LOGIN = /[\\/]src[\\/]routes[\\/]login\.tsx\?tsr-split=component/
const COMPONENTE_VALIDADOR = /[\\/]src[\\/]routes[\\/]certificado[\\/]validador\.tsx\?tsr-split=component/
function primerGuion(): Plugin {
  return {
    name: 'portal-primer-guion',
    apply: 'build',
    buildEnd() {
      /** Every module `desde` imports statically, whatever their depth, not already in `fuera`. */
      const estaticos = (desde: string[], fuera: Set<string>) => {
        const vistos = new Set<string>()
        const pendientes = [...desde]
        for (let id = pendientes.pop(); id !== undefined; id = pendientes.pop()) {
          if (vistos.has(id) || fuera.has(id)) continue
          vistos.add(id)
          pendientes.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return vistos
      }
      const ids = [...this.getModuleIds()]
      // With the entry, the sign-in screen's route component and what it imports; the validator's
      // in one chunk besides. Otherwise each arrived as some twenty files of a few hundred bytes,
      // in three waves after the first script, each wave a round trip.
      delArranque.clear()
      for (const id of estaticos(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry || COMPONENTE_LOGIN.test(id)),
        new Set(),
      ))
        delArranque.add(id)
      delValidador.clear()
      for (const id of estaticos(
        ids.filter((id) => COMPONENTE_VALIDADOR.test(id)),
        delArranque,
      ))
        delValidador.add(id)
    },
  }
}

/**
 * Offline readiness in two steps. The service worker's install (the precache) holds what a
 * student's core screens need to open without network: the shell, sign-in, Inicio, Información
 * Personal, Solicitudes (the survey, documents and regulations with it), the payments' lists and the
 * validator. The rest of the student's half is stored in the background once the worker is active
 * (public/diferidos-sw.js, asked by the page when idle): the less used screens (contests, job
 * offers, Mis datos, the notices' page), those that need the network anyway (a payment's outcome,
 * registration, a new password), pdf-lib (chunks named pdf-…, to join photos into one PDF:
 * 'Agregar página') and the validator's QR reader (qr-…, which needs the network to check a code
 * anyway). The uploader (tus-js-client, 36 KB) stays in the first step although it works only with
 * a network: the outbox first tries an upload chosen offline while still offline, and Chromium
 * keeps a failed module load, so a lazy uploader would fail on every retry until a reload. The
 * school's half (/admin) is stored when the app runs it; the survey charts and the HEIC converter
 * on first use. Every hashed asset fetched outside the precache is kept (runtime route
 * 'diferidos' below), so each works offline after its first use.
 *
 * Filled by `diferidos()` once the chunks are known; read by the precache's manifest transform.
 */
const fueraDelPrecache = new Set<string>()
/** Where the second step begins: a chunk holding one of these modules, and what only it reaches. */
const PUERTAS_SEGUNDO_PASO = [
  /[\\/]src[\\/]routes[\\/]_alumno[\\/](?:concurso|laboral|privacidad)[\\/].*\?tsr-split=component/,
  /[\\/]src[\\/]routes[\\/]_alumno[\\/]notificaciones\.tsx\?tsr-split=component/,
  // Screens that do nothing without a network: a payment's outcome, registration, a new password.
  /[\\/]src[\\/]routes[\\/]_alumno[\\/]pagos[\\/]respuesta[\\/].*\?tsr-split=component/,
  /[\\/]src[\\/]routes[\\/](?:register|password)\.tsx\?tsr-split=component/,
  /[\\/]node_modules[\\/](?:pdf-lib|qr-scanner)[\\/]/,
]
const A_DEMANDA = /^assets\/(?:graficos|heic)-/
function diferidos(): Plugin {
  return {
    name: 'portal-diferidos',
    apply: 'build',
    generateBundle(_opciones, bundle) {
      fueraDelPrecache.clear()
      const chunks = Object.values(bundle).filter((b) => b.type === 'chunk')
      const porNombre = new Map(chunks.map((c) => [c.fileName, c]))
      const entrada = chunks.find((c) => c.isEntry)
      const escuela = chunks.find((c) => c.facadeModuleId?.endsWith('routeTree.escuela.gen.js'))
      if (!entrada || !escuela) throw new Error('portal-diferidos: falta la entrada o el árbol de la escuela')
      const puertas = chunks
        .filter((c) => Object.keys(c.modules).some((id) => PUERTAS_SEGUNDO_PASO.some((p) => p.test(id))))
        .map((c) => c.fileName)
      // A door bundled into the first script would leave the whole app out of the precache.
      if (puertas.includes(entrada.fileName)) throw new Error('portal-diferidos: una puerta quedó en el primer guion')
      /** Every chunk (and its CSS) reachable from `desde`, static or lazy, not entering `fuera`. */
      const alcanzables = (desde: string, fuera: Set<string>) => {
        const vistos = new Set<string>()
        const pendientes = [desde]
        for (let nombre = pendientes.pop(); nombre !== undefined; nombre = pendientes.pop()) {
          if (vistos.has(nombre) || fuera.has(nombre)) continue
          vistos.add(nombre)
          const c = porNombre.get(nombre)
          if (!c) continue
          for (const css of c.viteMetadata?.importedCss ?? []) vistos.add(css)
          pendientes.push(...c.imports, ...c.dynamicImports)
        }
        return vistos
      }
      const delAlumno = alcanzables(entrada.fileName, new Set([escuela.fileName]))
      const nucleo = alcanzables(entrada.fileName, new Set([escuela.fileName, ...puertas]))
      const aDemanda = Object.keys(bundle).filter((f) => A_DEMANDA.test(f))
      const alumno = [...delAlumno].filter((f) => !nucleo.has(f) && !A_DEMANDA.test(f))
      const soloEscuela = [...alcanzables(escuela.fileName, new Set())].filter((f) => !delAlumno.has(f))
      for (const f of [...alumno, ...soloEscuela, ...aDemanda]) fueraDelPrecache.add(f)
      const url = (f: string) => `/${f}`
      this.emitFile({
        type: 'asset',
        fileName: 'diferidos.json',
        source: JSON.stringify({
          alumno: alumno.map(url),
          escuela: [...new Set([...soloEscuela, ...alumno])].map(url),
          todos: Object.keys(bundle)
            .filter((f) => f.startsWith('assets/'))
            .map(url),
        }),
      })
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
    // The app runs one of two halves of that tree (src/main.tsx): the student's routes, without
    // the school's (src/routes/admin), so these weigh nothing on a student's first screen; and,
    // when it opens under /admin, the school's routes alone. The whole tree above gives both
    // their types.
    tanstackRouterGenerator({
      target: 'react',
      generatedRouteTree: './src/routeTree.alumno.gen.js',
      routeFileIgnorePattern: '^admin$',
      disableTypes: true,
    }),
    tanstackRouterGenerator({
      target: 'react',
      generatedRouteTree: './src/routeTree.escuela.gen.js',
      virtualRouteConfig: {
        type: 'root',
        file: '__root.tsx',
        children: [{ type: 'physical', pathPrefix: '/admin', directory: 'admin' }],
      },
      disableTypes: true,
    }),
    react(),
    versionFile(),
    primerGuion(),
    diferidos(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The icons come with the glob below, the web manifest from the plugin: each listed once.
      includeAssets: ['robots.txt'],
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // version.json is asked for on every launch; diferidos.json lists the second step. The
        // HEIC converter (about 3 MB) and the charts are left out by name too, before the
        // precache's size check would refuse them.
        globIgnores: ['version.json', 'diferidos.json', 'assets/graficos-*.js', 'assets/heic-*.js'],
        manifestTransforms: [
          (entradas) => ({ manifest: entradas.filter((e) => !fueraDelPrecache.has(e.url)), warnings: [] }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/version\.json$/, /^\/sandbox\//],
        // The query cache owns data: no runtime caching of /api. Hashed assets never change, so
        // one fetched outside the precache (second step, above) is kept and served from the device.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'diferidos' },
          },
        ],
        cleanupOutdatedCaches: true,
        // Take control of the first visit at once so it already works offline; an update still
        // waits in 'waiting' until the student accepts it (registerType 'prompt').
        clientsClaim: true,
        // Web Push: showing each push and opening its screen on a tap (public/avisos-sw.js).
        // The second step of offline readiness: public/diferidos-sw.js.
        importScripts: ['/avisos-sw.js', '/diferidos-sw.js'],
      },
    }),
    copiasComprimidas(),
  ],
  resolve: {
    alias: [
      // tus-js-client's published builds are transpiled for old browsers (regenerator runtime, class
      // helpers: 68 KB); its untranspiled sources (lib/, shipped in the package) are the same code
      // at about half the size, for browsers that run everything else here anyway.
      { find: /^tus-js-client$/, replacement: 'tus-js-client/lib/browser/index.js' },
    ],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // React in one chunk of its own: as routes were added, the bundler began splitting its JSX
    // runtime and a module runtime into separate small files, which every first screen loaded
    // (about 0.6 KB gzip more). One vendor chunk also stays cached across deploys.
    // Chunks are named by their hash alone: every route's chunk names are listed in the first
    // script (the router's lazy imports), so shorter names keep it about 0.7 KB gzip smaller.
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          ['graficos', 'heic', 'pdf', 'qr'].includes(chunk.name)
            ? `assets/${chunk.name}-[hash].js`
            : 'assets/[hash].js',
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'arranque', test: (id) => delArranque.has(id) && !id.includes('node_modules'), priority: 1 },
            { name: 'validador', test: (id) => delValidador.has(id) },
            // Observable Plot and the parts of d3 it draws with, imported by the survey results'
            // charts when they are drawn: one chunk, kept out of the precache (above).
            {
              name: 'graficos',
              test: /node_modules[\\/](@observablehq[\\/]plot|d3|d3-[a-z-]+|interval-tree-1d|binary-search-bounds|isoformat|internmap|delaunator|robust-predicates)[\\/]/,
            },
            // heic-to (LGPL-3.0), imported only when a HEIC photo must be converted: one chunk
            // of its own, apart from everything else, replaceable as the licence asks.
            { name: 'heic', test: /node_modules[\\/]heic-to[\\/]/ },
            // pdf-lib and its helpers, imported when photos are joined into one PDF: one chunk,
            // stored in the background after the precache (above).
            { name: 'pdf', test: /node_modules[\\/](pdf-lib|@pdf-lib[\\/][a-z-]+|pako)[\\/]/ },
            // The validator's QR reader and its decoder worker, loaded when the camera opens.
            { name: 'qr', test: /node_modules[\\/]qr-scanner[\\/]/ },
          ],
        },
      },
    },
  },
})
