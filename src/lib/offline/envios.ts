import type { QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { RespuestaDe } from '../cliente-api.ts'
import type { ItemOutbox, Metodo } from './outbox.ts'
import { useOutbox } from './use-outbox.ts'

// A submission that must survive a lost connection is declared once, in its feature's
// `envios.ts`: its kind, method and path, the type of its body, and what its reply does to the
// query cache. Screens call `useEnviar(definicion)` with a typed body; the outbox stores and
// replays it, and a confirmed reply reaches `alConfirmar` whichever screen is open, even for an
// item queued offline days ago and sent on this start.

/** The typed call of an endpoint (`typeof cliente.alumno.persona.$put`): gives the reply type. */
type Llamada = (...args: never[]) => Promise<unknown>

/** The path parameters an endpoint declares (`:codigo`), or none. */
type Parametros<L> = L extends (args: infer A, ...resto: never[]) => unknown
  ? NonNullable<A> extends { param: infer P }
    ? P
    : Record<never, string>
  : never

export type DefinicionEnvio<Tipo extends string, Cuerpo, L extends Llamada> = {
  /** Stored with the item; identifies the definition when its reply comes back. */
  tipo: Tipo
  metodo: Metodo
  /** The path, from the typed client (`cliente.solicitudes[':codigo'].encuesta.$path({ param })`). */
  ruta: (parametros: Parametros<L>) => string
  /** Spanish description shown in the list of what waits to sync. */
  etiqueta: (cuerpo: Cuerpo, parametros: Parametros<L>) => string
  /** What the server's reply changes in the query cache once the submission is confirmed. */
  alConfirmar?: (queryClient: QueryClient, respuesta: RespuestaDe<L>, cuerpo: Cuerpo, parametros: Parametros<L>) => void
}

/** The JSON body an endpoint declares (its shared schema's input). */
type CuerpoJson<L> = L extends (args: infer A, ...resto: never[]) => unknown
  ? NonNullable<A> extends { json: infer J }
    ? J
    : never
  : never

/**
 * Declares a submission: `definirEnvio<typeof cliente.alumno.persona.$put>()({...})`. The type
 * argument is the endpoint: its JSON body is the submission's body and its reply what
 * `alConfirmar` receives. An upload names its multipart body as the second type argument.
 */
export function definirEnvio<L extends Llamada, Cuerpo extends object = CuerpoJson<L>>() {
  return <Tipo extends string>(definicion: DefinicionEnvio<Tipo, Cuerpo, L>) => definicion
}

/** Any definition, whatever its body and reply (what the outbox's dispatch and lookups need of it). */
export type CualquierEnvio = {
  tipo: string
  alConfirmar?: (queryClient: QueryClient, respuesta: never, cuerpo: never, parametros: never) => void
}

/** An outbox item of one declared kind, with its body typed. */
export type ItemDe<D> =
  D extends DefinicionEnvio<infer Tipo, infer Cuerpo, infer _L> ? ItemOutbox & { tipo: Tipo; cuerpo: Cuerpo } : never

export function esItemDe<D extends CualquierEnvio>(definicion: D, item: ItemOutbox): item is ItemDe<D> {
  return item.tipo === definicion.tipo
}

/** The student's items of one kind, in replay order. */
export function itemsDe<D extends CualquierEnvio>(definicion: D, items: readonly ItemOutbox[]): ItemDe<D>[] {
  return items.filter((i): i is ItemDe<D> => esItemDe(definicion, i))
}

/** Routes a confirmed item's reply to its definition's cache update (registered once at start). */
export function confirmarEnCache(definiciones: readonly CualquierEnvio[], queryClient: QueryClient) {
  return (item: ItemOutbox, respuesta: unknown): void => {
    // The item was stored by this definition, so the reply is the one its endpoint gives.
    definiciones
      .find((d) => d.tipo === item.tipo)
      ?.alConfirmar?.(queryClient, respuesta as never, item.cuerpo as never, (item.parametros ?? {}) as never)
  }
}

export type OpcionesEnviar<P> = ([keyof P] extends [never] ? { parametros?: P } : { parametros: P }) & {
  /** A refused (or never attempted) item of the same kind, replaced rather than queued twice. */
  reemplazando?: ItemOutbox | undefined
  /** Instead of the definition's label, when the screen knows a better one. */
  etiqueta?: string
}

/**
 * Queues a submission of `definicion` for `alumno` and returns its item (stored in IndexedDB
 * before any attempt to send it). Await `outbox.esperar(item.id)` for the server's answer.
 */
export function useEnviar<Tipo extends string, Cuerpo extends object, L extends Llamada>(
  definicion: DefinicionEnvio<Tipo, Cuerpo, L>,
) {
  const outbox = useOutbox()
  return useCallback(
    async (alumno: string, cuerpo: Cuerpo, opciones: OpcionesEnviar<Parametros<L>>): Promise<ItemOutbox> => {
      const { reemplazando, etiqueta } = opciones
      // The path's parameters (none for most endpoints), kept with the item for its cache update.
      const parametros = (opciones.parametros ?? {}) as Parametros<L>
      const reemplazado = reemplazando ? await outbox.reemplazar(reemplazando.id, cuerpo) : null
      return (
        reemplazado ??
        outbox.encolar({
          alumno,
          tipo: definicion.tipo,
          etiqueta: etiqueta ?? definicion.etiqueta(cuerpo, parametros),
          metodo: definicion.metodo,
          url: definicion.ruta(parametros),
          cuerpo,
          parametros,
        })
      )
    },
    [outbox, definicion],
  )
}
