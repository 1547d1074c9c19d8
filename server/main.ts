// Start-up: configuration, database (migrated and seeded), the app, and the HTTP server.
// `tsx server/main.ts` starts it on HOST:PORT; tests call iniciarServidor() in-process.
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createAdaptorServer } from '@hono/node-server'
import { crearApp, type OpcionesApp } from './app.ts'
import { construirConfig, esUrlLocal, type Config } from './config.ts'
import { crearLog, salidaEstandar, type Salida } from './bitacora.ts'
import type { ConfigApp, Reloj } from './contexto.ts'
import { blobStoreEnDisco, type BlobStore } from './blobs.ts'
import { blobStoreEnS3 } from './blobs-s3.ts'
import { abrirBaseDeDatos, conBloqueoDeArranque, migrar } from './db/connection.ts'
import { purgarCaducados } from './db/purga.ts'
import { subidasDe } from './subidas/tus.ts'
import { sembrar } from './db/seed/index.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { crearCorreo } from './correo.ts'
import { enviarPendientes } from './notificaciones/programador.ts'
import { prepararExportaciones } from './privacidad/exportacion.ts'
import { revisarPlazosDerechos } from './privacidad/recordatorios-derechos.ts'
import { enviarRespuestasPorCorreo } from './privacidad/respuesta-por-correo.ts'
import { correrRetencion } from './privacidad/retencion.ts'
import { revisarRecordatorios } from './notificaciones/recordatorios.ts'
import { barrerReclamos } from './pagos/flujo.ts'
import { emitirPendientes } from './tributario/programador.ts'
import { certificadoEscuela, type CertificadoEscuela } from './papel/certificado-escuela.ts'
import { dependenciasPago } from './pagos/dependencias.ts'

/**
 * `salida` receives the log's JSON lines (default: standard output, in batches, written out when the
 * server closes); `pasarela` and `resolverDns` as in crearApp.
 */
export type OpcionesInicio = {
  config: Config
  clock?: Reloj
  salida?: Salida
  pasarela?: OpcionesApp['pasarela']
  resolverDns?: OpcionesApp['resolverDns']
  tributario?: OpcionesApp['tributario']
}

export type ServidorEnMarcha = {
  url: string
  config: ConfigApp
  /** The metrics' own listener (METRICAS_PUERTO), or null. */
  urlMetricas: string | null
  close(): Promise<void>
}

export async function iniciarServidor({
  config,
  clock = () => new Date(),
  salida = salidaEstandar(),
  pasarela,
  resolverDns,
  tributario,
}: OpcionesInicio): Promise<ServidorEnMarcha> {
  const log = crearLog(salida)
  // Listening comes first: the public URL, which issued documents print in their QR, is then
  // known even with PORT=0. Requests wait on a 503 until the app exists.
  let fetchApp: ((req: Request, env: unknown) => Response | Promise<Response>) | undefined
  const server = createAdaptorServer({
    fetch: (req, env) => (fetchApp ? fetchApp(req, env) : new Response('Iniciando', { status: 503 })),
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const hostUrl = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${hostUrl}:${port}`
  const appConfig: ConfigApp = { ...config, port, publicUrl: config.publicUrl ?? url }

  const db = abrirBaseDeDatos({ ...config, log })
  const blobs: BlobStore = config.s3 ? blobStoreEnS3(config.s3) : blobStoreEnDisco(join(config.dataDir, 'archivos'))
  let firma: CertificadoEscuela
  try {
    firma = certificadoEscuela(
      { rutaP12: config.firma.p12, passphrase: config.firma.passphrase, dataDir: config.dataDir },
      log,
    )
    const { nuevas, demoRechazada } = await conBloqueoDeArranque(db, async (conexion) => {
      await migrar(conexion)
      return sembrar(conexion, {
        serviceAccountEmail: config.serviceAccountEmail,
        ahora: clock(),
        blobs,
        firma,
        urlPublica: appConfig.publicUrl,
        demo: config.datosDemo,
      })
    })
    if (nuevas.length > 0) log(`datos iniciales cargados: ${nuevas.join(', ')}`)
    if (demoRechazada)
      log(
        'AVISO: DATOS_DEMO=1, pero la base de datos ya tiene datos que no son de demostración: no se cargó la demostración.',
      )
  } catch (err) {
    await new Promise((resolve) => server.close(resolve))
    await db.destroy()
    throw err
  }
  if (!existsSync(config.distDir)) {
    log(
      `AVISO: no existe ${config.distDir}; la aplicación no está compilada (ejecute npm run build). La API funciona igual.`,
    )
  }
  const correo = crearCorreo({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir, log })
  const { app, deps, metricas } = crearApp({
    db,
    config: appConfig,
    correo,
    blobs,
    firma,
    clock,
    log,
    pasarela,
    resolverDns,
    tributario,
  })
  fetchApp = (req, env) => app.fetch(req, env)
  const urlMetricas = metricas ? await metricas.escuchar() : null
  if (urlMetricas) log(`métricas de Prometheus en ${urlMetricas}/metrics`)
  if (config.pasarela.tipo === 'sandbox' && !esUrlLocal(config.publicUrl))
    log(`AVISO: los pagos van a la pasarela de pruebas (PASARELA=sandbox): ningún pago en ${config.publicUrl} es real.`)
  if (config.tributario.modo === 'sandbox' && !esUrlLocal(config.publicUrl))
    log(
      `AVISO: los documentos tributarios los emite el emisor de pruebas (EMISOR_TRIBUTARIO=sandbox): ninguna boleta o factura de ${config.publicUrl} tiene validez tributaria.`,
    )

  // Every server runs these, at start and then now and then. The purge is plain deletes by expiry,
  // so two servers purging at once delete each row once between them; the sweep takes each
  // payment claim left behind through a conditional update, so one server settles each. The
  // reminder check makes each reminder once (a unique key per occasion), and the notice scheduler
  // takes each delivery under a lease, so one server sends it.
  const { segundoPlano } = deps
  await segundoPlano.cada(3_600_000, 'purgar caducados', () =>
    purgarCaducados(db, clock(), { subidas: subidasDe(deps).almacen }),
  )
  await segundoPlano.cada(60_000, 'barrer reclamos de pago', () => barrerReclamos(dependenciasPago(deps)))
  await segundoPlano.cada(10 * 60_000, 'revisar recordatorios', () => revisarRecordatorios(db, clock()))
  await segundoPlano.cada(config.notificaciones.cadaMs, 'enviar avisos', () => enviarPendientes(deps))
  // Tax documents: each taken under a lease, so one server issues it (server/tributario/programador.ts).
  await segundoPlano.cada(config.tributario.cadaMs, 'emitir documentos tributarios', () => emitirPendientes(deps))
  await segundoPlano.cada(config.notificaciones.cadaMs, 'preparar copias de datos', () => prepararExportaciones(deps))
  await segundoPlano.cada(10 * 60_000, 'revisar plazos de solicitudes de derechos', () => revisarPlazosDerechos(deps))
  // A suppression's answer whose e-mail failed, tried again under a lease (one server sends it).
  await segundoPlano.cada(config.notificaciones.cadaMs, 'enviar respuestas por correo', () =>
    enviarRespuestasPorCorreo(deps),
  )
  // Finishes suppressions a crash left halfway, applies confirmed retention batches under a
  // lease, proposes a new batch (a dry run) once a day (server/privacidad/retencion.ts).
  await segundoPlano.cada(3_600_000, 'revisar la conservación de datos', () =>
    correrRetencion({ ...deps, subidas: subidasDe(deps).almacen }),
  )

  let cerrado: Promise<void> | undefined
  return {
    url,
    config: appConfig,
    urlMetricas,
    close() {
      cerrado ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Idle keep-alive connections would hold close() open until they time out; requests
          // still running get a moment to finish before their connections are cut.
          if ('closeIdleConnections' in server) {
            server.closeIdleConnections()
            setTimeout(() => server.closeAllConnections(), 1000).unref()
          }
        })
        // What the requests and the periodic runs started finishes, and the reads recorded in
        // memory are written, before the database closes.
        await segundoPlano.cerrar()
        await deps.lecturas.cerrar()
        await metricas?.cerrar()
        await db.destroy()
        if ('vaciar' in salida && typeof salida.vaciar === 'function') salida.vaciar()
      })()
      return cerrado
    },
  }
}

async function principal(): Promise<void> {
  const config = construirConfig(process.env)
  const servidor = await iniciarServidor({ config })
  const base = servidor.config.publicUrl
  // The start-up log comes before the banner, as it happened.
  salidaEstandar().vaciar()
  const motor = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `SQLite en ${config.dataDir}`
  console.log(
    `Portal del Estudiante en ${servidor.url} (datos: ${motor}; archivos: ${config.s3 ? `S3 ${config.s3.bucket}` : 'en disco'})`,
  )
  console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}): ${Object.values(DEMO_CUENTAS).join(', ')}`)
  console.log(`Certificado válido: ${base}/certificado/validador?codcertificado=${DEMO_CERTIFICADO_VALIDO}`)
  const terminar = (senal: string) => {
    salidaEstandar().vaciar()
    console.log(`${senal} recibido: cerrando el servidor`)
    servidor.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err)
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => terminar('SIGTERM'))
  process.once('SIGINT', () => terminar('SIGINT'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  principal().catch((err: unknown) => {
    console.error('No se pudo iniciar el servidor:', err)
    process.exit(1)
  })
}
