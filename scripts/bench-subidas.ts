// The resumable upload over a weak signal: a 5 MB document sent with tus-js-client (as the app
// sends it: pieces of TAMANO_TROZO_BYTES, the same metadata and headers) through a link throttled
// to about 400 kbit/s (tests/support/enlace-lento.ts), which is cut three times part-way (at
// about 25, 50 and 75 % of the file). Every byte that crossed the link is counted; resuming from
// the last byte the server has must keep the total at most 1.2 times the file (a whole-file POST
// repeated after each cut sends about 2.5 times or more). Then the upload is made the student's
// document and compared with the file. Exits non-zero when the total is over or the document
// differs. Loopback only; the server runs on a temporary DATA_DIR. Takes about two minutes.
import { Upload } from 'tus-js-client'
import { RUTA_SUBIDAS, TAMANO_TROZO_BYTES } from '../src/domain/subidas.ts'
import { abrirEnlaceLento } from '../tests/support/enlace-lento.ts'
import { iniciarSesion, iniciarServidorDePrueba } from '../tests/support/servidor.ts'

const TAMANO = 5_000_000
const BYTES_POR_SEGUNDO = 50_000 // 400 kbit/s
const CORTES = [0.25, 0.5, 0.75]
const MAXIMO = 1.2

const server = await iniciarServidorDePrueba({ throttle: 'off' })
const enlace = await abrirEnlaceLento(server.url, BYTES_POR_SEGUNDO)
let fallo = false
try {
  const cliente = await iniciarSesion(server.url, 'estudiante@demo.cl')
  const cabeceras = () => ({
    cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
  })
  const archivo = Buffer.alloc(TAMANO, 0x20)
  archivo.write('%PDF-1.4\n% bench de subidas\n', 0)
  for (let i = 64; i < TAMANO - 16; i += 101) archivo[i] = 0x41 + (i % 26)
  archivo.write('\n%%EOF\n', TAMANO - 7)

  enlace.reiniciarCuenta()
  const inicio = Date.now()
  let cortes = 0
  const vigilancia = setInterval(() => {
    const siguiente = CORTES[cortes]
    if (siguiente !== undefined && enlace.enviados >= siguiente * TAMANO) {
      cortes++
      enlace.cortar()
      console.log(
        `corte ${cortes} con ${enlace.enviados} bytes enviados (${((Date.now() - inicio) / 1000).toFixed(1)} s)`,
      )
    }
  }, 20)
  const url = await new Promise<string>((resolver, rechazar) => {
    const subida: Upload = new Upload(archivo, {
      endpoint: `${enlace.url}${RUTA_SUBIDAS}`,
      chunkSize: TAMANO_TROZO_BYTES,
      retryDelays: [0, 500, 1_000, 2_000, 4_000],
      headers: cabeceras(),
      metadata: { destino: '/api/alumno/documentos', codTipoDocumento: '21', filename: 'bench.pdf' },
      onSuccess: () => resolver(subida.url ?? ''),
      onError: rechazar,
    })
    subida.start()
  })
  clearInterval(vigilancia)
  const segundos = (Date.now() - inicio) / 1000
  const enviados = enlace.enviados

  const hecho = await fetch(`${server.url}/api/alumno/documentos`, {
    method: 'POST',
    headers: { ...cabeceras(), 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ codTipoDocumento: '21', subida: url.split('/').pop() }),
  })
  const { data } = (await hecho.json()) as { data: { enlace: string } }
  const guardado = Buffer.from(await (await cliente.get(data.enlace)).arrayBuffer())
  const igual = hecho.status === 201 && guardado.equals(archivo)

  const razon = enviados / TAMANO
  console.log(
    `subida de ${(TAMANO / 1e6).toFixed(1)} MB a ${(BYTES_POR_SEGUNDO * 8) / 1000} kbit/s con ${cortes} cortes: ` +
      `${enviados} bytes enviados, ${razon.toFixed(3)} veces el archivo (máximo ${MAXIMO}), ${segundos.toFixed(0)} s; ` +
      `documento ${igual ? 'idéntico al archivo' : 'DISTINTO del archivo'}`,
  )
  if (cortes < CORTES.length || razon > MAXIMO || !igual) fallo = true
} finally {
  await enlace.cerrar()
  await server.close()
}
process.exit(fallo ? 1 : 0)
