// The gauges read from the database: work waiting (payments being confirmed, notices due, uploads
// in progress) and what went wrong (failed deliveries, claims past their lease). Computed when
// Prometheus scrapes, never on a request: every gauge of one scrape shares one reading (leer),
// a handful of counts on indexed or small tables.
import { diasRestantes } from '../../src/domain/derechos.ts'
import type { Db } from '../db/connection.ts'

/** One gauge computed from the database: its name, help, labels and how to read its values. */
export type MedidaDeTabla = {
  nombre: string
  ayuda: string
  etiquetas?: string[]
  leer(db: Db, ahora: Date): Promise<{ valor: number; etiquetas?: Record<string, string> }[]>
}

const segundosDesde = (ahora: Date, iso: string | null | undefined): number =>
  iso ? Math.max(0, (ahora.getTime() - new Date(iso).getTime()) / 1000) : 0

async function contar(consulta: Promise<{ n: number | string | bigint }[]>): Promise<number> {
  const [fila] = await consulta
  return Number(fila?.n ?? 0)
}

export const MEDIDAS_DE_TABLAS: MedidaDeTabla[] = [
  {
    nombre: 'portal_pagos_confirmando',
    ayuda: "Pagos en 'confirmando': un servidor confirma su resultado con la pasarela.",
    leer: async (db) => [
      {
        valor: await contar(
          db
            .selectFrom('pagos')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('estado', '=', 'confirmando')
            .execute(),
        ),
      },
    ],
  },
  {
    nombre: 'portal_pagos_confirmando_antiguedad_segundos',
    ayuda: "Edad del pago más antiguo en 'confirmando' (desde que se creó); 0 si no hay.",
    leer: async (db, ahora) => {
      const fila = await db
        .selectFrom('pagos')
        .select((eb) => eb.fn.min('creado_en').as('desde'))
        .where('estado', '=', 'confirmando')
        .executeTakeFirst()
      return [{ valor: segundosDesde(ahora, fila?.desde as string | null) }]
    },
  },
  {
    nombre: 'portal_reclamos_vencidos',
    ayuda:
      'Trabajo tomado por un servidor cuyo plazo (lease) ya pasó sin terminar: pagos en confirmación y envíos de avisos. El barrido los retoma; si persisten, algo falla.',
    etiquetas: ['tipo'],
    leer: async (db, ahora) => {
      const momento = ahora.toISOString()
      return [
        {
          etiquetas: { tipo: 'pago' },
          valor: await contar(
            db
              .selectFrom('pagos')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('estado', '=', 'confirmando')
              .where('confirmando_hasta', '<', momento)
              .execute(),
          ),
        },
        {
          etiquetas: { tipo: 'aviso' },
          valor: await contar(
            db
              .selectFrom('envios_notificacion')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('estado', '=', 'pendiente')
              .where('tomado_por', 'is not', null)
              .where('tomado_hasta', '<', momento)
              .execute(),
          ),
        },
      ]
    },
  },
  {
    nombre: 'portal_avisos_vencidos',
    ayuda: 'Envíos de avisos pendientes cuyo momento ya llegó (push, correo inmediato o resumen).',
    leer: async (db, ahora) => [
      {
        valor: await contar(
          db
            .selectFrom('envios_notificacion')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('estado', '=', 'pendiente')
            .where('disponible_desde', '<=', ahora.toISOString())
            .execute(),
        ),
      },
    ],
  },
  {
    nombre: 'portal_avisos_vencidos_antiguedad_segundos',
    ayuda: 'Cuánto lleva esperando el envío pendiente más atrasado (desde su momento); 0 si no hay.',
    leer: async (db, ahora) => {
      const fila = await db
        .selectFrom('envios_notificacion')
        .select((eb) => eb.fn.min('disponible_desde').as('desde'))
        .where('estado', '=', 'pendiente')
        .where('disponible_desde', '<=', ahora.toISOString())
        .executeTakeFirst()
      return [{ valor: segundosDesde(ahora, fila?.desde as string | null) }]
    },
  },
  {
    nombre: 'portal_envios_fallidos',
    ayuda: 'Envíos de avisos que fallaron sin más reintentos, por canal (filas guardadas).',
    etiquetas: ['canal'],
    leer: async (db) => {
      const filas = await db
        .selectFrom('envios_notificacion')
        .select(['canal', (eb) => eb.fn.countAll<number>().as('n')])
        .where('estado', '=', 'fallido')
        .groupBy('canal')
        .execute()
      return (['push', 'correo'] as const).map((canal) => ({
        etiquetas: { canal },
        valor: Number(filas.find((f) => f.canal === canal)?.n ?? 0),
      }))
    },
  },
  {
    nombre: 'portal_subidas_en_curso',
    ayuda: 'Subidas reanudables empezadas y aún no completas.',
    leer: async (db) => [
      {
        valor: await contar(
          db
            .selectFrom('subidas')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('estado', '=', 'en-curso')
            .execute(),
        ),
      },
    ],
  },
  {
    nombre: 'portal_idempotencia_filas',
    ayuda: 'Respuestas guardadas por Idempotency-Key, por estado (se purgan al caducar).',
    etiquetas: ['estado'],
    leer: async (db) => {
      const filas = await db
        .selectFrom('idempotencia')
        .select(['estado', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('estado')
        .execute()
      return (['en-curso', 'completo'] as const).map((estado) => ({
        etiquetas: { estado },
        valor: Number(filas.find((f) => f.estado === estado)?.n ?? 0),
      }))
    },
  },
  {
    nombre: 'portal_documentos_tributarios_pendientes',
    ayuda:
      "Documentos tributarios (SII) aún no emitidos, por estado: 'pendiente' (en cola o reintentando) y 'error' (el emisor lo rechazó; el personal debe reintentar).",
    etiquetas: ['estado'],
    leer: async (db) => {
      const filas = await db
        .selectFrom('documentos_tributarios')
        .select(['estado', (eb) => eb.fn.countAll<number>().as('n')])
        .where('estado', 'in', ['pendiente', 'error'])
        .groupBy('estado')
        .execute()
      return (['pendiente', 'error'] as const).map((estado) => ({
        etiquetas: { estado },
        valor: Number(filas.find((f) => f.estado === estado)?.n ?? 0),
      }))
    },
  },
  {
    nombre: 'portal_documentos_tributarios_antiguedad_segundos',
    ayuda:
      'Edad del documento tributario más antiguo sin emitir (desde que se aprobó su pago o reembolso); 0 si no hay. El SII da 12 horas.',
    leer: async (db, ahora) => {
      const fila = await db
        .selectFrom('documentos_tributarios')
        .select((eb) => eb.fn.min('creado_en').as('desde'))
        .where('estado', 'in', ['pendiente', 'error'])
        .executeTakeFirst()
      return [{ valor: segundosDesde(ahora, fila?.desde as string | null) }]
    },
  },
  {
    nombre: 'portal_solicitudes_derechos_abiertas',
    ayuda: 'Solicitudes de derechos sobre datos personales (Ley 19.628) recibidas y aún sin responder.',
    leer: async (db) => [
      {
        valor: await contar(
          db
            .selectFrom('solicitudes_derechos')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('estado', '=', 'recibida')
            .execute(),
        ),
      },
    ],
  },
  {
    nombre: 'portal_solicitudes_derechos_dias_al_plazo',
    ayuda:
      'Días que quedan hasta el plazo legal más próximo de una solicitud de derechos abierta, en el calendario de Chile (0: vence hoy; negativo: vencido); sin solicitudes abiertas, no se informa.',
    leer: async (db, ahora) => {
      const fila = await db
        .selectFrom('solicitudes_derechos')
        .select((eb) => eb.fn.min('plazo').as('plazo'))
        .where('estado', '=', 'recibida')
        .executeTakeFirst()
      const plazo = fila?.plazo as string | null | undefined
      return plazo ? [{ valor: diasRestantes(plazo, ahora) }] : []
    },
  },
]
