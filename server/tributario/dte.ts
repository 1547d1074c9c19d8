// The document as the SII's DTE (the JSON shape of its XML schema, which OpenFactura takes as is):
// header (IdDoc, Emisor, Receptor, Totales), one line, and a nota de crédito's reference. Teaching
// is exempt (DL 825 art. 13 N°4): the line is marked exempt (IndExe 1) and the totals are MntExe.
// A boleta's issuer uses the boleta schema's names (RznSocEmisor, GiroEmisor) and its IdDoc says it
// is a service (IndServicio 3); a factura and a nota de crédito carry the receiver's giro and the
// school's economic activity (Acteco).
import type { CodigoReferencia, Emisor, Receptor, TipoDte } from '../../src/domain/documento-tributario.ts'
import { RAZON_REFERENCIA } from '../../src/domain/documento-tributario.ts'

export type DatosDte = {
  tipo: TipoDte
  /** 'yyyy-mm-dd' (Chile). */
  fecha: string
  emisor: Emisor
  receptor: Receptor
  descripcion: string
  monto: number
  referencia: { tipo: TipoDte; folio: number; fecha: string; codigo: CodigoReferencia } | null
}

const corto = (texto: string, largo: number) => (texto.length > largo ? texto.slice(0, largo) : texto)

export function construirDte(d: DatosDte): Record<string, unknown> {
  const boleta = d.tipo === 41
  const emisor = boleta
    ? {
        RUTEmisor: d.emisor.rut,
        RznSocEmisor: corto(d.emisor.razonSocial, 100),
        GiroEmisor: corto(d.emisor.giro, 80),
        DirOrigen: corto(d.emisor.direccion, 70),
        CmnaOrigen: d.emisor.comuna,
      }
    : {
        RUTEmisor: d.emisor.rut,
        RznSoc: corto(d.emisor.razonSocial, 100),
        GiroEmis: corto(d.emisor.giro, 80),
        Acteco: d.emisor.acteco,
        DirOrigen: corto(d.emisor.direccion, 70),
        CmnaOrigen: d.emisor.comuna,
      }
  const nombre = d.receptor.documentoExtranjero
    ? `${d.receptor.razonSocial} (${d.receptor.documentoExtranjero})`
    : d.receptor.razonSocial
  const receptor: Record<string, unknown> = { RUTRecep: d.receptor.rut, RznSocRecep: corto(nombre, 100) }
  if (!boleta && d.receptor.giro) receptor.GiroRecep = corto(d.receptor.giro, 40)
  if (d.receptor.direccion) receptor.DirRecep = corto(d.receptor.direccion, 70)
  if (d.receptor.comuna) receptor.CmnaRecep = d.receptor.comuna
  if (!boleta && d.receptor.email) receptor.CorreoRecep = d.receptor.email
  const dte: Record<string, unknown> = {
    Encabezado: {
      IdDoc: { TipoDTE: d.tipo, Folio: 0, FchEmis: d.fecha, ...(boleta ? { IndServicio: 3 } : { FmaPago: 1 }) },
      Emisor: emisor,
      Receptor: receptor,
      Totales: { MntExe: d.monto, MntTotal: d.monto },
    },
    Detalle: [
      {
        NroLinDet: 1,
        IndExe: 1,
        NmbItem: corto(d.descripcion, 80),
        QtyItem: 1,
        PrcItem: d.monto,
        MontoItem: d.monto,
      },
    ],
  }
  if (d.referencia)
    dte.Referencia = [
      {
        NroLinRef: 1,
        TpoDocRef: String(d.referencia.tipo),
        FolioRef: String(d.referencia.folio),
        FchRef: d.referencia.fecha,
        CodRef: d.referencia.codigo,
        RazonRef: RAZON_REFERENCIA[d.referencia.codigo],
      },
    ]
  return dte
}
