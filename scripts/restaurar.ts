// `npm run restaurar -- <carpeta>`: puts a backup made by `npm run respaldo` into the empty
// DATA_DIR / database / bucket this environment names, after checking it against its manifest.
// Then start the portal as usual: it migrates the restored data forward if the backup is older.
import { construirConfig } from '../server/config.ts'
import { restaurar } from '../server/respaldo/respaldo.ts'

const carpeta = process.argv[2]
if (!carpeta) {
  console.error('Uso: npm run restaurar -- <carpeta>')
  process.exit(2)
}
try {
  const { manifiesto } = await restaurar(construirConfig(process.env), carpeta, (l) => console.log(l))
  console.log(
    `Restaurado el respaldo del ${manifiesto.creado} (${manifiesto.motor}, esquema ${manifiesto.versionEsquema}): filas y archivos coinciden con el manifiesto. Inicie el portal.`,
  )
} catch (err) {
  console.error(`No se pudo restaurar: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
