// The Hono app: middleware for every request, the API areas under /api, then the built PWA.
import { join } from 'node:path'
import { rechazar } from './http/respuesta.ts'
import { Hono } from 'hono'
import { MENSAJE_ERROR_INTERNO } from '../src/domain/errores-api.ts'
import { RUTA_API_INTEGRACION } from '../src/domain/integracion.ts'
import { blobStoreEnDisco, type BlobStore } from './blobs.ts'
import { crearLog, salidaEstandar, type Log } from './bitacora.ts'
import type { ConfigApp, Reloj, Dependencias, EntornoApp } from './contexto.ts'
import type { Db } from './db/connection.ts'
import { estaticos } from './estaticos.ts'
import type { PasarelaDePago } from './pagos/pasarela.ts'
import { apiWebpaySandbox, CREDENCIALES_SANDBOX, RUTA_SANDBOX, rutasPasarelaSandbox } from './pagos/pasarela-sandbox.ts'
import { crearPasarelaWebpay, RUTA_TRANSACCIONES_WEBPAY } from './pagos/pasarela-webpay.ts'
import type { Correo } from './correo.ts'
import type { CertificadoEscuela } from './papel/certificado-escuela.ts'
import { apiSinCache, cabecerasDeSeguridad } from './middleware/cabeceras.ts'
import { compresionJson } from './middleware/compresion.ts'
import { cerrarSiQuedaCuerpo } from './middleware/conexion.ts'
import { idempotencia } from './middleware/idempotencia.ts'
import { ipCliente } from './middleware/ip.ts'
import { DemasiadosCampos, limiteDeCampos, respuestaDemasiadosCampos } from './middleware/limite-campos.ts'
import { limiteDeCuerpo } from './middleware/limite-cuerpo.ts'
import { registroDePeticiones } from './middleware/registro.ts'
import { crearMetricas, metricasActivas } from './metricas/index.ts'
import { cargarSesion } from './middleware/sesion.ts'
import { xsrf } from './middleware/xsrf.ts'
import { rutasAdmin } from './routes/admin/index.ts'
import { rutasAlumno } from './routes/alumno.ts'
import { rutasAuth } from './routes/auth.ts'
import { rutasCertificados } from './routes/certificados.ts'
import { rutasIntegracion } from './routes/integracion.ts'
import { rutasConcursos } from './routes/concursos.ts'
import { rutasDocumentos } from './routes/documentos.ts'
import { rutasDocumentosEmitidos } from './routes/documentos-emitidos.ts'
import { rutasLookups } from './routes/lookups.ts'
import { rutasMisDatos } from './routes/mis-datos.ts'
import { rutasPrivacidad } from './routes/privacidad.ts'
import { rutasPrivacidadAlumno } from './routes/privacidad-alumno.ts'
import { RegistroLecturas } from './privacidad/lecturas.ts'
import { SegundoPlano } from './segundo-plano.ts'
import { rutasNotificaciones } from './routes/notificaciones.ts'
import { rutasOfertas } from './routes/ofertas.ts'
import { rutasPagos } from './routes/pagos.ts'
import { rutasPendientes } from './routes/pendientes.ts'
import { rutasPersona } from './routes/persona.ts'
import { rutasReglamento } from './routes/reglamento.ts'
import { rutasSalud } from './routes/salud.ts'
import { rutasSesion } from './routes/sesion.ts'
import { rutasSolicitudes } from './routes/solicitudes.ts'
import { rutasSubidas } from './routes/subidas.ts'
import { rutasDocumentosTributarios } from './routes/documentos-tributarios.ts'
import type { ClienteTributario } from './tributario/cliente.ts'
import { crearClienteOpenfactura, RUTA_DTE } from './tributario/openfactura.ts'
import {
  apiOpenfacturaSandbox,
  APIKEY_SANDBOX,
  RUTA_SANDBOX_DTE,
  rutasOpenfacturaSandbox,
} from './tributario/sandbox.ts'

// Replies are compressed last, after the idempotency middleware has stored them as sent. Bodies
// are bounded (in bytes, and a form in fields) before anything reads them; the idempotency
// middleware needs the student.
// Built once at module level so its type, `ApiPortal`, carries every route's reply for the
// client's typed calls (src/lib/cliente-api.ts); the security tests list its routes to check that
// each one is in their tables.
export const rutasApi = new Hono<EntornoApp>()
  .use(compresionJson)
  .use(apiSinCache)
  .use(limiteDeCuerpo)
  .use(limiteDeCampos)
  .use(cargarSesion)
  .use(idempotencia)
  .route('/sesion', rutasSesion)
  .route('/salud', rutasSalud)
  .route('/auth', rutasAuth)
  .route('/lookups', rutasLookups)
  .route('/alumno/persona', rutasPersona)
  .route('/alumno/documentos', rutasDocumentos)
  .route('/alumno/pendientes', rutasPendientes)
  .route('/alumno', rutasAlumno)
  .route('/certificados', rutasCertificados)
  .route('/solicitudes', rutasSolicitudes)
  .route('/solicitudes', rutasReglamento)
  .route('/documentos-emitidos', rutasDocumentosEmitidos)
  .route('/concursos', rutasConcursos)
  .route('/subidas', rutasSubidas)
  .route('/ofertas', rutasOfertas)
  .route('/pagos', rutasPagos)
  .route('/notificaciones', rutasNotificaciones)
  .route('/privacidad/mis-datos', rutasMisDatos)
  .route('/privacidad', rutasPrivacidad)
  .route('/documentos-tributarios', rutasDocumentosTributarios)
  .route('/privacidad', rutasPrivacidadAlumno)
  .route('/admin', rutasAdmin)
rutasApi.all('*', (c) => rechazar(c, 404, 'Recurso no encontrado'))

/** Every API route with its reply types: what the client's `hc` is typed over. */
export type ApiPortal = typeof rutasApi

/**
 * `blobs` defaults to files under DATA_DIR/archivos; `pasarela` receives the configured gateway
 * and may wrap it (tests lose a commit's reply with it); `resolverDns` resolves push services'
 * names (tests answer for names this machine cannot resolve).
 */
export type OpcionesApp = {
  db: Db
  config: ConfigApp
  correo: Correo
  blobs?: BlobStore
  firma: CertificadoEscuela
  clock?: Reloj
  log?: Log
  pasarela?: (configurada: PasarelaDePago) => PasarelaDePago
  resolverDns?: Dependencias['resolverDns']
  /** Receives the configured tax-document client and may wrap it (tests make it fail on demand). */
  tributario?: (configurado: ClienteTributario | null) => ClienteTributario | null
}

/**
 * The gateway the configuration names, always through the Webpay client: Transbank's, or the
 * sandbox's Webpay API served by this portal. The sandbox is reached in process (its routes'
 * fetch, with these dependencies) rather than through the portal's public URL, which a server
 * behind a proxy may not be able to reach from inside; what is sent is the same HTTP request.
 */
function pasarelaConfigurada(config: ConfigApp, deps: () => Dependencias): PasarelaDePago {
  if (config.pasarela.tipo === 'webpay') return crearPasarelaWebpay(config.pasarela)
  const sandbox = new Hono<EntornoApp>()
    .use(async (c, next) => {
      c.set('deps', deps())
      await next()
    })
    .route(`${RUTA_SANDBOX}${RUTA_TRANSACCIONES_WEBPAY}`, apiWebpaySandbox)
  return crearPasarelaWebpay({
    host: `${config.publicUrl}${RUTA_SANDBOX}`,
    ...CREDENCIALES_SANDBOX,
    fetch: async (url, init) => sandbox.fetch(new Request(url, init)),
  })
}

/**
 * The tax-document client the configuration names: OpenFactura's, pointed at Haulmer or at the
 * portal's own sandbox (reached in process, as the sandbox gateway is); none for the ERP, which
 * pushes its documents.
 */
function tributarioConfigurado(config: ConfigApp, deps: () => Dependencias): ClienteTributario | null {
  const t = config.tributario
  if (t.modo === 'erp') return null
  if (t.modo === 'openfactura' && t.openfactura)
    return crearClienteOpenfactura({ ...t.openfactura, timeoutMs: t.timeoutMs })
  const sandbox = new Hono<EntornoApp>()
    .use(async (c, next) => {
      c.set('deps', deps())
      await next()
    })
    .route(`${RUTA_SANDBOX_DTE}${RUTA_DTE}`, apiOpenfacturaSandbox)
  // Its failures are the portal's own: logged as ours (not printed), answered as a provider's 5xx.
  sandbox.onError((err, c) => {
    deps().log('error en el emisor de pruebas', { error: err.stack ?? err.message })
    return c.json({ error: { message: 'Error interno del emisor de pruebas' } }, 500)
  })
  return crearClienteOpenfactura({
    url: `${config.publicUrl}${RUTA_SANDBOX_DTE}`,
    apiKey: APIKEY_SANDBOX,
    timeoutMs: t.timeoutMs,
    fetch: async (url, init) => sandbox.fetch(new Request(url, init)),
  })
}

export function crearApp({
  db,
  config,
  correo,
  blobs,
  firma,
  clock = () => new Date(),
  log = crearLog(salidaEstandar()),
  pasarela = (configurada) => configurada,
  resolverDns,
  tributario = (configurado) => configurado,
}: OpcionesApp) {
  const deps: Dependencias = {
    db,
    config,
    correo,
    blobs: blobs ?? blobStoreEnDisco(join(config.dataDir, 'archivos')),
    clock,
    log,
    firma,
    pasarela: pasarela(pasarelaConfigurada(config, () => deps)),
    tributario: tributario(tributarioConfigurado(config, () => deps)),
    resolverDns,
    lecturas: new RegistroLecturas(db, log),
    segundoPlano: new SegundoPlano(log),
  }

  const app = new Hono<EntornoApp>()
  // Off unless METRICAS_PUERTO or METRICAS_TOKEN is set: then first, so it times everything.
  const metricas = metricasActivas(config.metricas) ? crearMetricas(config.metricas, db, clock) : null
  if (metricas) app.use(metricas.middleware)
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use(cerrarSiQuedaCuerpo)
  app.use(registroDePeticiones)
  app.use(cabecerasDeSeguridad)
  app.use(ipCliente)
  app.use(xsrf)
  // Before the rest of /api, whose middleware (the session cookies, idempotency per session) is not
  // for a caller that authenticates with a key.
  // Prometheus's scrape on the public port: only with METRICAS_TOKEN, as a bearer token.
  app.get('/metrics', async (c): Promise<Response> =>
    metricas ? metricas.respuestaPublica(c) : c.text('No encontrado', 404),
  )
  app.route(RUTA_API_INTEGRACION, rutasIntegracion)
  app.route('/api', rutasApi)
  if (config.pasarela.tipo === 'sandbox') app.route(RUTA_SANDBOX, rutasPasarelaSandbox)
  if (config.tributario.modo === 'sandbox') app.route(RUTA_SANDBOX_DTE, rutasOpenfacturaSandbox)
  app.route('/', estaticos(config.distDir))
  app.notFound((c) => c.text('No encontrado', 404))
  app.onError((err, c) => {
    // A client's form with too many fields, met by whatever read it: its reply, not our error.
    if (err instanceof DemasiadosCampos) return respuestaDemasiadosCampos()
    log(`error en ${c.req.method} ${c.req.path}`, { id: c.var.idPeticion, error: err.stack ?? err.message })
    return rechazar(c, 500, MENSAJE_ERROR_INTERNO)
  })
  return { app, deps, metricas }
}
