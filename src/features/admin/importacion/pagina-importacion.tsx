import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  COLUMNAS_IMPORTACION,
  COLUMNAS_OBLIGATORIAS,
  DESCRIPCION_COLUMNA,
  ETIQUETA_CONFIRMAR_CAMBIOS_CORREO,
  ETIQUETA_RESULTADO,
  MAX_MB_IMPORTACION,
  RESULTADOS_FILA,
  describirCambioCorreo,
  filasConCambioDeCorreo,
  mensajeArchivoImportacionGrande,
  type ConteoResultados,
  type ResultadoFila,
  type TipoResultadoFila,
} from '../../../domain/importacion.ts'
import { CampoSelect } from '../../../ui/campo.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { confirmarArchivo, erroresDeArchivo, previsualizarArchivo } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import './importacion.css'

/** Rows shown at once: a season's file has thousands; the counts say how many there are. */
const FILAS_POR_PAGINA = 100

type Etapa =
  | { tipo: 'elegir'; errores: string[] | null }
  | { tipo: 'leyendo'; archivo: File }
  | { tipo: 'previa'; archivo: File; huella: string; conteo: ConteoResultados; resultados: ResultadoFila[] }
  | { tipo: 'importando'; archivo: File; huella: string; conteo: ConteoResultados; resultados: ResultadoFila[] }
  | {
      tipo: 'hecha'
      archivo: string
      conteo: ConteoResultados
      resultados: ResultadoFila[]
      invitados: number
      correosCambiados: number
    }

/**
 * Students and enrolments from the CRM's file: choose it, read every row's outcome (nothing is
 * written yet), confirm, and read what was done. Rows with errors are never written; the file can
 * be corrected and imported again, and rows already imported then say 'Sin cambios'.
 */
export function PaginaImportacion() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  return (
    <section className="admin-importacion" aria-labelledby="importacion-titulo">
      <h1 id="importacion-titulo">Importar alumnos e inscripciones</h1>
      {tieneCapacidad(sesion, 'alumnos.importar') ? (
        <Importacion />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite importar alumnos e inscripciones.
        </p>
      )}
    </section>
  )
}

function Importacion() {
  const [etapa, setEtapa] = useState<Etapa>({ tipo: 'elegir', errores: null })

  async function revisar(archivo: File) {
    if (archivo.size > MAX_MB_IMPORTACION * 1024 * 1024) {
      setEtapa({ tipo: 'elegir', errores: [mensajeArchivoImportacionGrande()] })
      return
    }
    setEtapa({ tipo: 'leyendo', archivo })
    try {
      const { huella, conteo, resultados } = await previsualizarArchivo(archivo)
      setEtapa({ tipo: 'previa', archivo, huella, conteo, resultados })
    } catch (error) {
      setEtapa({ tipo: 'elegir', errores: erroresDeArchivo(error) ?? [mensajeDeError(error)] })
    }
  }

  async function confirmar(previa: Extract<Etapa, { tipo: 'previa' }>, cambiosDeCorreo: readonly number[]) {
    setEtapa({ ...previa, tipo: 'importando' })
    try {
      const hecha = await confirmarArchivo(previa.archivo, previa.huella, cambiosDeCorreo)
      setEtapa({
        tipo: 'hecha',
        archivo: hecha.archivo,
        conteo: hecha.conteo,
        resultados: hecha.resultados,
        invitados: hecha.alumnosInvitados,
        correosCambiados: hecha.correosCambiados,
      })
    } catch (error) {
      setEtapa({ tipo: 'elegir', errores: erroresDeArchivo(error) ?? [mensajeDeError(error)] })
    }
  }

  const otro = () => setEtapa({ tipo: 'elegir', errores: null })

  if (etapa.tipo === 'elegir' || etapa.tipo === 'leyendo')
    return (
      <ElegirArchivo
        leyendo={etapa.tipo === 'leyendo'}
        errores={etapa.tipo === 'elegir' ? etapa.errores : null}
        onRevisar={(archivo) => void revisar(archivo)}
      />
    )
  if (etapa.tipo === 'hecha')
    return (
      <Resultado
        titulo="Importación terminada"
        archivo={etapa.archivo}
        conteo={etapa.conteo}
        resultados={etapa.resultados}
        aplicada
      >
        <p role="status">
          {etapa.invitados === 0
            ? 'No hubo alumnos nuevos: nadie recibió invitación.'
            : etapa.invitados === 1
              ? 'Se envió una invitación por correo al alumno nuevo para crear su contraseña.'
              : `Se envió una invitación por correo a los ${etapa.invitados} alumnos nuevos para crear su contraseña.`}
        </p>
        {etapa.correosCambiados > 0 ? (
          <p role="status">
            {etapa.correosCambiados === 1
              ? 'Cambió el correo de ingreso de 1 alumno: se le avisó en su correo anterior y se cerraron sus sesiones.'
              : `Cambió el correo de ingreso de ${etapa.correosCambiados} alumnos: se les avisó en su correo anterior y se cerraron sus sesiones.`}
          </p>
        ) : null}
        <p>
          <button type="button" className="boton" onClick={otro}>
            Importar otro archivo
          </button>
        </p>
      </Resultado>
    )
  return <Previa etapa={etapa} onConfirmar={(previa, filas) => void confirmar(previa, filas)} onOtro={otro} />
}

/**
 * The preview and its confirmation. Rows that change a student's sign-in e-mail are listed apart
 * and need their own checkbox: unticked, they are not imported and the others are.
 */
function Previa({
  etapa,
  onConfirmar,
  onOtro,
}: {
  etapa: Extract<Etapa, { tipo: 'previa' | 'importando' }>
  onConfirmar: (previa: Extract<Etapa, { tipo: 'previa' }>, cambiosDeCorreo: number[]) => void
  onOtro: () => void
}) {
  const [correosConfirmados, setCorreosConfirmados] = useState(false)
  const filasCambioCorreo = filasConCambioDeCorreo(etapa.resultados)
  const aEscribirEnTotal = etapa.conteo['se creará'] + etapa.conteo['se actualizará']
  const aEscribir = aEscribirEnTotal - (correosConfirmados ? 0 : filasCambioCorreo.length)
  const importando = etapa.tipo === 'importando'
  return (
    <Resultado titulo="Vista previa" archivo={etapa.archivo.name} conteo={etapa.conteo} resultados={etapa.resultados}>
      <p className="admin-importacion__nota">
        Aún no se ha guardado nada.
        {etapa.conteo.error > 0
          ? ` Las filas con errores (${etapa.conteo.error}) no se importarán: corríjalas en el archivo y vuelva a importarlo; las filas ya importadas aparecerán sin cambios.`
          : ''}
      </p>
      {filasCambioCorreo.length > 0 ? (
        <CambiosDeCorreo
          resultados={etapa.resultados}
          confirmados={correosConfirmados}
          deshabilitado={importando}
          onCambiar={setCorreosConfirmados}
        />
      ) : null}
      <div className="admin-importacion__acciones">
        {aEscribirEnTotal > 0 ? (
          <button
            type="button"
            className="boton"
            disabled={importando || aEscribir === 0}
            aria-disabled={importando || aEscribir === 0}
            onClick={() => etapa.tipo === 'previa' && onConfirmar(etapa, correosConfirmados ? filasCambioCorreo : [])}
          >
            {importando
              ? 'Importando…'
              : aEscribir === 0
                ? 'Confirmar e importar'
                : `Confirmar e importar ${aEscribir === 1 ? '1 fila' : `${aEscribir} filas`}`}
          </button>
        ) : (
          <p role="status">No hay filas que importar: ninguna crearía ni cambiaría datos.</p>
        )}
        <button type="button" className="boton boton--secundario" disabled={importando} onClick={onOtro}>
          Elegir otro archivo
        </button>
      </div>
      {importando ? <p role="status">Importando el archivo; no cierre esta página…</p> : null}
    </Resultado>
  )
}

/** The rows that change a sign-in e-mail, what confirming them does, and their own checkbox. */
function CambiosDeCorreo({
  resultados,
  confirmados,
  deshabilitado,
  onCambiar,
}: {
  resultados: ResultadoFila[]
  confirmados: boolean
  deshabilitado: boolean
  onCambiar: (confirmados: boolean) => void
}) {
  const id = useId()
  const cambios = resultados.flatMap((r) => (r.resultado !== 'error' && r.cambioCorreo ? [r] : []))
  return (
    <section className="mensaje mensaje--aviso admin-importacion__correos" aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`}>
        {cambios.length === 1
          ? '1 fila cambia el correo de ingreso de un alumno'
          : `${cambios.length} filas cambian el correo de ingreso de un alumno`}
      </h3>
      <p id={`${id}-ayuda`}>
        El correo de ingreso es también donde llegan los enlaces para crear la contraseña: cambiarlo entrega la cuenta a
        quien tenga el nuevo. Confírmelo solo si el alumno lo pidió. Al importar se avisa al correo anterior, se cierran
        las sesiones del alumno y el cambio queda en la auditoría. Sin esta confirmación esas filas no se importan; las
        demás sí.
      </p>
      <ul>
        {cambios.map((r) => (
          <li key={r.fila}>
            Fila {r.fila} ({r.codigoInscripcion}): {r.cambioCorreo!.antes} → {r.cambioCorreo!.despues}
          </li>
        ))}
      </ul>
      <label className="opciones-varias__opcion">
        <input
          type="checkbox"
          checked={confirmados}
          disabled={deshabilitado}
          aria-describedby={`${id}-ayuda`}
          onChange={(e) => onCambiar(e.target.checked)}
        />{' '}
        {ETIQUETA_CONFIRMAR_CAMBIOS_CORREO}
      </label>
    </section>
  )
}

function ElegirArchivo({
  leyendo,
  errores,
  onRevisar,
}: {
  leyendo: boolean
  errores: string[] | null
  onRevisar: (archivo: File) => void
}) {
  const [archivo, setArchivo] = useState<File | null>(null)
  const [falta, setFalta] = useState(false)
  const erroresRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (errores) erroresRef.current?.focus()
  }, [errores])

  function enviar(e: FormEvent) {
    e.preventDefault()
    if (!archivo) {
      setFalta(true)
      return
    }
    onRevisar(archivo)
  }

  return (
    <>
      <p className="admin-importacion__intro">
        Cargue el archivo de alumnos e inscripciones exportado del CRM, en CSV (separado por punto y coma o por coma) o
        en Excel (XLSX), con una fila por inscripción y los nombres de las columnas en la primera fila. Antes de guardar
        nada verá qué pasará con cada fila. Las inscripciones se reconocen por su código y los alumnos por su RUT o
        pasaporte y su correo: importar dos veces el mismo archivo no cambia nada. Los alumnos nuevos reciben un correo
        para crear su contraseña.
      </p>
      {errores ? (
        <MensajeError bloque tabIndex={-1} ref={erroresRef}>
          <p>No se pudo importar el archivo:</p>
          <ul>
            {errores.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </MensajeError>
      ) : null}
      <form className="admin-importacion__formulario" onSubmit={enviar} noValidate>
        <div className={`campo${falta ? ' campo--error' : ''}`}>
          <label htmlFor="importacion-archivo" className="campo__etiqueta">
            Archivo CSV o XLSX
            <span className="campo__asterisco" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="sr-only"> (obligatorio)</span>
          </label>
          <input
            id="importacion-archivo"
            className="campo__control"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-invalid={falta || undefined}
            aria-describedby={`importacion-archivo-ayuda${falta ? ' importacion-archivo-error' : ''}`}
            onChange={(e) => {
              setArchivo(e.target.files?.[0] ?? null)
              setFalta(false)
            }}
          />
          <div id="importacion-archivo-ayuda" className="campo__ayuda">
            Hasta {MAX_MB_IMPORTACION} MB.
          </div>
          {falta ? (
            <p id="importacion-archivo-error" className="campo__error">
              Seleccione el archivo que desea importar.
            </p>
          ) : null}
        </div>
        <button type="submit" className="boton" disabled={leyendo} aria-disabled={leyendo}>
          {leyendo ? 'Revisando el archivo…' : 'Revisar archivo'}
        </button>
        {leyendo ? <p role="status">Leyendo el archivo y revisando cada fila…</p> : null}
      </form>
      <details className="admin-importacion__columnas">
        <summary>Columnas del archivo</summary>
        <table>
          <caption className="sr-only">Columnas del archivo de importación</caption>
          <thead>
            <tr>
              <th scope="col">Columna</th>
              <th scope="col">Obligatoria</th>
              <th scope="col">Contenido</th>
            </tr>
          </thead>
          <tbody>
            {COLUMNAS_IMPORTACION.map((c) => (
              <tr key={c}>
                <th scope="row">
                  <code>{c}</code>
                </th>
                <td>{COLUMNAS_OBLIGATORIAS.includes(c) ? 'Sí' : 'No'}</td>
                <td>{DESCRIPCION_COLUMNA[c]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}

function Resultado({
  titulo,
  archivo,
  conteo,
  resultados,
  aplicada = false,
  children,
}: {
  titulo: string
  archivo: string
  conteo: ConteoResultados
  resultados: ResultadoFila[]
  aplicada?: boolean
  children: ReactNode
}) {
  const [filtro, setFiltro] = useState<TipoResultadoFila | 'todas'>(conteo.error > 0 ? 'error' : 'todas')
  const [pagina, setPagina] = useState(0)
  const tituloRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    tituloRef.current?.focus()
  }, [titulo])
  const etiqueta = (tipo: TipoResultadoFila) => ETIQUETA_RESULTADO[tipo][aplicada ? 'aplicada' : 'previa']
  const filtradas = filtro === 'todas' ? resultados : resultados.filter((r) => r.resultado === filtro)
  const paginas = Math.max(1, Math.ceil(filtradas.length / FILAS_POR_PAGINA))
  const actual = Math.min(pagina, paginas - 1)
  const visibles = filtradas.slice(actual * FILAS_POR_PAGINA, (actual + 1) * FILAS_POR_PAGINA)

  return (
    <>
      <h2 ref={tituloRef} tabIndex={-1}>
        {titulo}: {archivo}
      </h2>
      <ul className="admin-importacion__conteo" aria-label="Filas por resultado">
        {RESULTADOS_FILA.map((tipo) => (
          <li key={tipo} className={`admin-importacion__cuenta admin-importacion__cuenta--${claseDe(tipo)}`}>
            <span className="admin-importacion__numero">{conteo[tipo]}</span> {etiqueta(tipo)}
          </li>
        ))}
      </ul>
      {children}
      <div className="admin-importacion__filtro">
        <CampoSelect
          id="importacion-filtro"
          etiqueta="Mostrar"
          value={filtro}
          onChange={(e) => {
            setFiltro(e.target.value as TipoResultadoFila | 'todas')
            setPagina(0)
          }}
        >
          <option value="todas">Todas las filas ({resultados.length})</option>
          {RESULTADOS_FILA.map((tipo) => (
            <option key={tipo} value={tipo}>
              {etiqueta(tipo)} ({conteo[tipo]})
            </option>
          ))}
        </CampoSelect>
      </div>
      <Tabla
        titulo={`Filas del archivo${filtradas.length > FILAS_POR_PAGINA ? ` (${actual * FILAS_POR_PAGINA + 1} a ${actual * FILAS_POR_PAGINA + visibles.length} de ${filtradas.length})` : ''}`}
        columnas={columnas(etiqueta)}
        filas={visibles}
        idDeFila={(r) => String(r.fila)}
        vacia="Ninguna fila tiene este resultado."
      />
      {paginas > 1 ? (
        <nav className="admin-importacion__paginas" aria-label="Páginas de filas">
          <button
            type="button"
            className="boton boton--secundario"
            disabled={actual === 0}
            onClick={() => setPagina(actual - 1)}
          >
            Filas anteriores
          </button>
          <span>
            Página {actual + 1} de {paginas}
          </span>
          <button
            type="button"
            className="boton boton--secundario"
            disabled={actual >= paginas - 1}
            onClick={() => setPagina(actual + 1)}
          >
            Filas siguientes
          </button>
        </nav>
      ) : null}
    </>
  )
}

function claseDe(tipo: TipoResultadoFila): string {
  return { 'se creará': 'nueva', 'se actualizará': 'cambia', 'sin cambios': 'igual', error: 'error' }[tipo]
}

const CAMBIO_ALUMNO = { nuevo: 'alumno nuevo', actualizado: 'alumno con cambios', 'sin cambios': 'alumno sin cambios' }
const CAMBIO_INSCRIPCION = {
  nuevo: 'inscripción nueva',
  actualizado: 'inscripción con cambios',
  'sin cambios': 'inscripción sin cambios',
}

function columnas(etiqueta: (tipo: TipoResultadoFila) => string): ColumnDef<ResultadoFila, unknown>[] {
  return [
    { id: 'fila', header: 'Fila', cell: ({ row }) => row.original.fila },
    { id: 'codigo', header: 'Código de inscripción', cell: ({ row }) => row.original.codigoInscripcion ?? '—' },
    {
      id: 'resultado',
      header: 'Resultado',
      cell: ({ row }) => (
        <span
          className={`admin-importacion__resultado admin-importacion__resultado--${claseDe(row.original.resultado)}`}
        >
          {etiqueta(row.original.resultado)}
        </span>
      ),
    },
    {
      id: 'detalle',
      header: 'Detalle',
      cell: ({ row }) => {
        const r = row.original
        if (r.resultado === 'error')
          return (
            <ul className="admin-importacion__errores">
              {r.errores.map((e, i) => (
                <li key={i}>
                  {e.columna ? <code>{e.columna}</code> : null}
                  {e.columna ? ': ' : null}
                  {e.mensaje}
                </li>
              ))}
            </ul>
          )
        const partes = [CAMBIO_ALUMNO[r.alumno], CAMBIO_INSCRIPCION[r.inscripcion]].join(', ')
        const texto = r.campos.length ? `${partes} (${r.campos.join(', ')})` : partes
        if (!r.cambioCorreo) return texto
        return (
          <>
            {texto}; <strong>{describirCambioCorreo(r.cambioCorreo)}</strong>
          </>
        )
      },
    },
  ]
}
