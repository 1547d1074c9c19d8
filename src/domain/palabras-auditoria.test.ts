import { describe, expect, test } from 'vitest'
import { concursoSchema } from './gestion-concursos.ts'
import { ofertaSchema } from './gestion-ofertas.ts'
import {
  cambiosEnPalabras,
  esAccionAuditada,
  etiquetaAccion,
  ETIQUETAS_ACCION,
  eventoEnPalabras,
  momentoEnPalabras,
  referenciasDeEvento,
  registroEnPalabras,
  tieneEtiquetaDeCampo,
  type EventoRegistrado,
  type Nombres,
} from './palabras-auditoria.ts'
import { problemasDeRedaccion } from './redaccion.ts'

// The server's own sources, read as text: the actions and fields it records are found by walking
// them, not by a list someone must remember to edit.
const fuentesDelServidor = Object.entries(
  import.meta.glob<string>(['../../server/**/*.ts', '!../../server/**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)

/** Every action code the server writes: the literals on a line that records an action. */
function accionesDelServidor(): Map<string, string> {
  const acciones = new Map<string, string>()
  for (const [archivo, fuente] of fuentesDelServidor)
    for (const linea of fuente.split('\n')) {
      if (!/\baccion\b|\b(auditar|auditarLlamada|paginaAuditada)\(/.test(linea)) continue
      for (const [, codigo] of linea.matchAll(/'([a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*)'/g))
        // The audit table's own columns ('auditoria.accion') are not actions.
        if (!codigo!.startsWith('auditoria.')) acciones.set(codigo!, archivo)
    }
  return acciones
}

/**
 * Every field name the server writes in a row's `antes` or `despues`: the top-level keys of the
 * object literals it gives them, and of the import's `detalleAuditoria` (spreads aside; the
 * contest's and offer's come from their schemas).
 */
function camposDelServidor(): Map<string, string> {
  const campos = new Map<string, string>()
  for (const [archivo, fuente] of fuentesDelServidor)
    for (const inicio of fuente.matchAll(/\b(?:antes|despues|detalleAuditoria)\s*[:=]\s*(?:JSON\.stringify\()?\{/g)) {
      let profundidad = 0
      let nivelUno = ''
      for (let i = inicio.index + inicio[0].length - 1; i < fuente.length; i++) {
        const c = fuente[i]!
        if ('{(['.includes(c)) profundidad++
        else if ('})]'.includes(c)) profundidad--
        else if (profundidad === 1) nivelUno += c
        if (profundidad === 0) break
        if (profundidad > 1 && nivelUno.at(-1) !== '\u0000') nivelUno += '\u0000'
      }
      for (const parte of nivelUno.split(/,|\n/)) {
        const clave = /^\s*(?!\.\.\.)(?:'([^']+)'|([A-Za-z]\w*))\s*(?::|$)/.exec(parte.replaceAll('\u0000', ''))
        if (clave) campos.set((clave[1] ?? clave[2])!, archivo)
      }
    }
  for (const esquema of [concursoSchema, ofertaSchema])
    for (const clave of Object.keys(esquema.pipe[0].entries)) campos.set(clave, 'src/domain (formulario)')
  return campos
}

describe('every action and field the server records has Spanish words', () => {
  test('the walk finds the actions and the fields (it is not reading nothing)', () => {
    expect(accionesDelServidor().size).toBeGreaterThanOrEqual(38)
    const campos = camposDelServidor()
    for (const conocido of [
      'motivoRevocacion',
      'revocadoPor',
      'publicacion',
      'segundoFactor',
      'reembolsado',
      'huella',
      'cursor',
    ])
      expect(campos.has(conocido), conocido).toBe(true)
  })

  test('each action code has its words', () => {
    const sinPalabras = [...accionesDelServidor()]
      .filter(([codigo]) => !esAccionAuditada(codigo))
      .map(([codigo, archivo]) => `${codigo} (${archivo})`)
    expect(sinPalabras, 'agréguelas a ETIQUETAS_ACCION en src/domain/palabras-auditoria.ts').toEqual([])
  })

  test('each field has its words', () => {
    const sinPalabras = [...camposDelServidor()]
      .filter(([campo]) => !tieneEtiquetaDeCampo(campo))
      .map(([campo, archivo]) => `${campo} (${archivo})`)
    expect(sinPalabras, 'agréguelas a CAMPOS_AUDITADOS en src/domain/palabras-auditoria.ts').toEqual([])
  })

  test('the words themselves are written right (accents, no codes)', () => {
    for (const [codigo, etiqueta] of Object.entries(ETIQUETAS_ACCION)) {
      expect(problemasDeRedaccion(etiqueta), codigo).toEqual([])
      expect(etiqueta, codigo).not.toMatch(/[a-z]\.[a-z]|[a-z][A-Z]/)
    }
  })
})

const NOMBRES: Record<string, string> = {
  'personal:personal-admin': 'Carolina Vidal Rojas',
  'personal:personal-munoz': 'Tomás Muñoz Pérez',
  'asistente:asistente-munoz': 'Tomás Muñoz Pérez',
  'concurso:c-1': 'Anestesiología (Hospital Dr. Gustavo Fricke)',
  'pago:p-1': 'Cuota 2 de 4 — Diplomado en Cuidados Paliativos',
}
const nombres: Nombres = (tipo, id) => NOMBRES[`${tipo}:${id}`]

const evento = (e: Partial<EventoRegistrado> & { accion: string }): EventoRegistrado => ({
  entidad: null,
  entidadId: null,
  antes: null,
  despues: null,
  ...e,
})

test('an action reads in words; a code from a later version, as its words rather than nothing', () => {
  expect(etiquetaAccion('sesion.segundo-factor-fallido')).toBe('Código de verificación rechazado')
  expect(etiquetaAccion('pago.reembolsar')).toBe('Pago reembolsado')
  expect(etiquetaAccion('concurso.abrir')).toBe('Concurso publicado')
  expect(etiquetaAccion('algo.nuevo')).toBe('Algo nuevo')
})

test('a revocation: fields in Spanish, the moment in Chile’s clock, who revoked by name', () => {
  const revocacion = evento({
    accion: 'certificado.revocar',
    entidad: 'certificado',
    entidadId: 'C7F3-91AB',
    antes: { revocadoEn: null, motivoRevocacion: null, revocadoPor: null },
    despues: {
      revocadoEn: '2026-03-20T14:00:00.000Z',
      motivoRevocacion: 'Emitido por error',
      revocadoPor: 'personal-admin',
    },
  })
  expect(eventoEnPalabras(revocacion, nombres)).toEqual({
    etiqueta: 'Certificado revocado',
    registro: 'Certificado C7F3-91AB',
    cambios: [
      { campo: 'Revocado el', valor: '20-03-2026 11:00' },
      { campo: 'Motivo de la revocación', valor: 'Emitido por error' },
      { campo: 'Revocado por', valor: 'Carolina Vidal Rojas' },
    ],
  })
  expect(referenciasDeEvento(revocacion)).toEqual([{ tipo: 'personal', id: 'personal-admin' }])
})

test('a partial refund: the state kept reads as unchanged, amounts in pesos, no internal id', () => {
  const reembolso = evento({
    accion: 'pago.reembolsar',
    entidad: 'pago',
    entidadId: 'p-1',
    antes: { estado: 'aprobado', reembolsado: 0 },
    despues: { reembolso: 'r-9', monto: 250000, motivo: 'Retiro del programa', tipo: 'NULLIFIED', saldo: 1000000 },
  })
  expect(registroEnPalabras(reembolso, nombres)).toBe('Pago: Cuota 2 de 4 — Diplomado en Cuidados Paliativos')
  expect(cambiosEnPalabras(reembolso, nombres)).toEqual([
    { campo: 'Estado', valor: 'Aprobado (sin cambio)' },
    { campo: 'Reembolsado hasta entonces', valor: '$0' },
    { campo: 'Monto reembolsado', valor: '$250.000' },
    { campo: 'Motivo', valor: 'Retiro del programa' },
    { campo: 'Tipo de reembolso', valor: 'Devuelto a la tarjeta' },
    { campo: 'Saldo del pago', valor: '$1.000.000' },
  ])
  const total = cambiosEnPalabras(
    { ...reembolso, despues: { ...reembolso.despues, saldo: 0, estado: 'reembolsado' } },
    nombres,
  )
  expect(total).toContainEqual({ campo: 'Estado', valor: 'de Aprobado a Reembolsado' })
})

test('a contest published and edited: states, dates and documents in words', () => {
  expect(
    eventoEnPalabras(
      evento({
        accion: 'concurso.abrir',
        entidad: 'concurso',
        entidadId: 'c-1',
        antes: { publicacion: 'borrador' },
        despues: { publicacion: 'publicado' },
      }),
      nombres,
    ),
  ).toEqual({
    etiqueta: 'Concurso publicado',
    registro: 'Concurso de Anestesiología (Hospital Dr. Gustavo Fricke)',
    cambios: [{ campo: 'Publicación', valor: 'de Borrador (no visible para los estudiantes) a Publicado' }],
  })
  expect(
    cambiosEnPalabras(
      evento({
        accion: 'concurso.editar',
        antes: { postulacionHasta: '2026-04-15', derechoPostulacion: 85000, documentos: ['2'] },
        despues: { postulacionHasta: '2026-04-30', derechoPostulacion: 90000, documentos: ['2', '4'] },
      }),
      nombres,
    ),
  ).toEqual([
    { campo: 'Cierre de la postulación', valor: 'de 15-04-2026 a 30-04-2026' },
    { campo: 'Derecho de postulación', valor: 'de $85.000 a $90.000' },
    { campo: 'Documentos pedidos', valor: expect.stringMatching(/^de [^;]+ a [^;]+; [^;]+$/) },
  ])
  // A contest that no longer exists still says what it was.
  expect(registroEnPalabras(evento({ accion: 'concurso.cerrar', entidad: 'concurso', entidadId: 'x' }), nombres)).toBe(
    'Concurso',
  )
})

test('a role change names the assistant, and «none» when there is none', () => {
  expect(
    cambiosEnPalabras(
      evento({
        accion: 'personal.cambiar-rol',
        entidad: 'personal',
        entidadId: 'personal-munoz',
        antes: { rol: 'asistente', asistente: 'asistente-munoz' },
        despues: { rol: 'coordinacion', asistente: null },
      }),
      nombres,
    ),
  ).toEqual([
    { campo: 'Rol', valor: 'de Asistente comercial a Coordinación académica' },
    { campo: 'Asistente comercial', valor: 'de Tomás Muñoz Pérez a ninguno' },
  ])
  expect(
    registroEnPalabras(
      evento({ accion: 'personal.activar', entidad: 'personal', entidadId: 'personal-munoz' }),
      nombres,
    ),
  ).toBe('Cuenta de Tomás Muñoz Pérez')
})

test('documents decided together read one line each, by name, with the reason', () => {
  expect(
    cambiosEnPalabras(
      evento({
        accion: 'documento.rechazar',
        entidad: 'solicitud',
        entidadId: 'INS-26-40018',
        antes: {
          documentos: [
            { id: 'a-1', documento: 'Carta de Intención', estado: 'en-revision' },
            { id: 'a-2', documento: 'Seguro de Salud', estado: 'en-revision' },
          ],
        },
        despues: {
          documentos: [
            { id: 'a-1', documento: 'Carta de Intención', estado: 'rechazado', motivo: 'Documento ilegible' },
            { id: 'a-2', documento: 'Seguro de Salud', estado: 'rechazado', motivo: 'Documento ilegible' },
          ],
        },
      }),
      nombres,
    ),
  ).toEqual([
    { campo: 'Carta de Intención', valor: 'de En revisión a Rechazado (motivo: Documento ilegible)' },
    { campo: 'Seguro de Salud', valor: 'de En revisión a Rechazado (motivo: Documento ilegible)' },
  ])
})

test('values with no change, yes/no, the import’s outcome counts, and a field from a later version', () => {
  expect(
    cambiosEnPalabras(
      evento({
        accion: 'ofertas.mosaico',
        antes: { visible: false, origen: 'entorno' },
        despues: { visible: true },
      }),
      nombres,
    ),
  ).toEqual([
    { campo: 'Mosaico visible para los estudiantes', valor: 'de No a Sí' },
    { campo: 'Definido por', valor: 'el valor por omisión del servidor (sin cambio)' },
  ])
  expect(
    cambiosEnPalabras(
      evento({ accion: 'integracion.previsualizar', despues: { filas: 1200, 'se creará': 3, error: 1 } }),
      nombres,
    ),
  ).toEqual([
    { campo: 'Filas revisadas', valor: '1.200' },
    { campo: 'Se creará', valor: '3' },
    { campo: 'Con errores', valor: '1' },
  ])
  expect(
    cambiosEnPalabras(evento({ accion: 'pago.algo', despues: { montoDevuelto: 5, cuota: 'INS-26-40018/2' } }), nombres),
  ).toEqual([
    { campo: 'Monto devuelto', valor: '5' },
    { campo: 'Cuota', valor: 'Cuota 2 de la solicitud INS-26-40018' },
  ])
})

test('moments are Chile’s, in summer and in winter time', () => {
  expect(momentoEnPalabras('2026-01-15T03:30:00.000Z')).toBe('15-01-2026 00:30')
  expect(momentoEnPalabras('2026-07-15T03:30:00.000Z')).toBe('14-07-2026 23:30')
  expect(momentoEnPalabras('2026-03-01T00:00:00-03:00')).toBe('01-03-2026 00:00')
})
