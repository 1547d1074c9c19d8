// `npm run respaldo -- <carpeta>`: a consistent backup of the portal configured by this
// environment (the same variables as the server: DATA_DIR, DATABASE_URL, S3_*, SIGNING_P12),
// taken while it runs. See server/respaldo/respaldo.ts and the README.
import { construirConfig } from '../server/config.ts'
import { respaldar } from '../server/respaldo/respaldo.ts'

const carpeta = process.argv[2]
if (!carpeta) {
  console.error('Uso: npm run respaldo -- <carpeta>')
  process.exit(2)
}
try {
  const inicio = Date.now()
  const { carpeta: destino, manifiesto } = await respaldar(construirConfig(process.env), carpeta, (l) => console.log(l))
  const filas = Object.values(manifiesto.filas).reduce((a, b) => a + b, 0)
  const archivos = manifiesto.archivos.filter((a) => a.ruta.startsWith('archivos/')).length
  console.log(
    `Respaldo listo en ${destino} (${((Date.now() - inicio) / 1000).toFixed(1)} s): ${manifiesto.motor}, ${manifiesto.metodo}, esquema ${manifiesto.versionEsquema}, ${filas} filas en ${Object.keys(manifiesto.filas).length} tablas, ${archivos} archivos subidos.`,
  )
} catch (err) {
  console.error(`No se pudo respaldar: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
