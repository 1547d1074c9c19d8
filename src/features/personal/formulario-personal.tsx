import { useQuery } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { MENSAJE_EDAD } from '../../domain/edad.ts'
import {
  alCambiarComuna,
  alCambiarNacionalidad,
  alCambiarPais,
  alCambiarRegion,
  crearPersonaSchema,
  limpiarOtrasSinUso,
  MENSAJE_ACTUALIZACION_FALLIDA,
  MENSAJE_DATOS_ACTUALIZADOS,
  MENSAJE_FALTAN_DATOS,
  NIVEL_OTRA,
  NIVELES_FORMACION,
  opcionesComuna,
  opcionesRegion,
  requiereDatosResidencia,
  requiereOtraProfesion,
  requiereOtraUniversidad,
  requiereOtroNivelFormacion,
  requiereOtroTipoInstitucion,
  rutVisible,
  SEXOS,
  TIPOS_INSTITUCION,
  TIPOS_RESIDENCIA,
  UNIVERSIDAD_OTRA,
  INSTITUCION_OTRA,
  validarDocumentoIdentidad,
  type PersonaFormulario,
} from '../../domain/persona.ts'
import { claveBorrador } from '../../lib/offline/borradores.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import { MENSAJE_SERVIDOR, type ItemOutbox } from '../../lib/offline/outbox.ts'
import { useAvisoAlSalir, useBorrador } from '../../lib/offline/use-borrador.ts'
import { useOutbox, useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { haySesion } from '../../lib/session.ts'
import { enfocarPrimerInvalido, useFormulario } from '../../lib/use-formulario.ts'
import { alerta } from '../../ui/alertas.ts'
import { CampoSelect, CampoTexto } from '../../ui/field.tsx'
import { lookupQueries, type Pais, type Profesion, type Region, type Universidad } from '../lookups/queries.ts'
import { aFormulario, TIPO_PERSONA, type PersonaServidor } from './queries.ts'

export type Lookups = {
  paises: Pais[]
  profesiones: Profesion[]
  universidades: Universidad[]
  regiones: Region[]
  comunaCiudad: Record<string, string>
}

const MENSAJE_PENDIENTE = 'Cambios guardados en este dispositivo: pendiente de envío'
const MENSAJE_SALIR = 'Tiene cambios sin guardar. ¿Desea salir de todos modos?'
const URL_PERSONA = '/api/alumno/persona'

/** The latest personal-data submission of this student that the outbox still holds. */
function ultimoEnvio(items: readonly ItemOutbox[]): ItemOutbox | undefined {
  return items.findLast((i) => i.tipo === TIPO_PERSONA)
}

function camposDe(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('campos' in body)) return {}
  const campos = (body as { campos: unknown }).campos
  if (typeof campos !== 'object' || campos === null) return {}
  return Object.fromEntries(Object.entries(campos).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

const porNombre = (a: string, b: string) => a.localeCompare(b, 'es')

/**
 * 'Datos Personales' and 'Datos Profesionales' (spec 2, 4 and 5; issue 3 item 4). Mount it once
 * the person is loaded: the draft starts from that data (or from a submission still waiting in
 * the outbox) and every change is kept in IndexedDB until it is saved.
 */
export function FormularioPersonal({ persona, lookups, codigoAlumno }: { persona: PersonaServidor; lookups: Lookups; codigoAlumno: string }) {
  const outbox = useOutbox()
  const items = useOutboxItems(codigoAlumno)
  const envio = ultimoEnvio(items)
  const cuerpoEnEspera = envio && envio.estado !== 'rechazado' ? (envio.cuerpo as Partial<PersonaFormulario>) : undefined

  // What the server holds, or what this device already sent it and it has not confirmed yet
  // (after an offline save and a reload the form shows the student's own change, not the old data).
  const valorInicial = useMemo(() => ({ ...aFormulario(persona), ...cuerpoEnEspera }), [persona, cuerpoEnEspera])
  const borrador = useBorrador(claveBorrador(codigoAlumno, 'personal'), valorInicial)
  const schema = useMemo(() => crearPersonaSchema(), [])
  const form = useFormulario(schema, valorInicial, { valores: borrador.valor, cambiar: borrador.cambiar })
  const valores = borrador.valor
  const [guardando, setGuardando] = useState(false)
  const formularioRef = useRef<HTMLFormElement>(null)

  // New data from the server (a refetch, a confirmed submission) replaces the form's values when
  // the student has nothing unsaved; unsaved edits are never overwritten.
  const anterior = useRef(valorInicial)
  const { cargando, hayCambiosSinGuardar, descartar } = borrador
  useEffect(() => {
    if (anterior.current === valorInicial) return
    anterior.current = valorInicial
    if (!cargando && !hayCambiosSinGuardar) void descartar()
  }, [valorInicial, cargando, hayCambiosSinGuardar, descartar])

  // Leaving with unsaved edits asks first: the tab (beforeunload) and the app's own links.
  useAvisoAlSalir(hayCambiosSinGuardar)
  useBlocker({
    enableBeforeUnload: false,
    disabled: !hayCambiosSinGuardar,
    shouldBlockFn: async ({ next }) => {
      // An expired session or 'Salir' goes to login whatever the form holds; the draft stays in
      // IndexedDB for the next sign-in (or is wiped by 'Salir', which warns on its own).
      if (next.pathname === '/login' && !haySesion()) return false
      const respuesta = await alerta({
        titulo: 'Cambios sin guardar',
        mensaje: MENSAJE_SALIR,
        acciones: [
          { valor: 'quedarse', etiqueta: 'Seguir editando' },
          { valor: 'salir', etiqueta: 'Salir de todos modos' },
        ],
      })
      return respuesta !== 'salir'
    },
  })

  const comunas = useQuery(lookupQueries.comunas(valores.codRegion))
  const errorDocumento = validarDocumentoIdentidad({
    rut: persona.rut,
    codPais: valores.codPais,
    tipoDocumento: valores.tipoDocumento,
    numeroDocumento: valores.numeroDocumento,
  })

  const nacionalidades = useMemo(() => [...lookups.paises].sort((a, b) => porNombre(a.nacionalidad, b.nacionalidad)), [lookups.paises])
  const regiones = opcionesRegion(lookups.regiones, valores.codPais)
  const opcionesDeComuna = opcionesComuna(comunas.data ?? [], valores.codPais)
  const comunaSinCargar = valores.codComuna !== '' && !opcionesDeComuna.some((c) => c.codComuna === valores.codComuna)

  function focoEnPrimerInvalido() {
    // After the dialog has closed and given focus back.
    requestAnimationFrame(() => requestAnimationFrame(() => formularioRef.current && enfocarPrimerInvalido(formularioRef.current)))
  }

  async function guardar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (guardando) return
    const datos = form.intentar(null)
    if (!datos || errorDocumento) {
      if (form.errores.fechaNac === MENSAJE_EDAD) {
        await alerta({ titulo: 'Fecha de Nacimiento', mensaje: MENSAJE_EDAD })
      } else {
        await alerta({ titulo: MENSAJE_FALTAN_DATOS, mensaje: 'Complete los campos marcados en rojo: cada uno indica qué falta o qué corregir.' })
      }
      focoEnPrimerInvalido()
      return
    }
    void pedirAlmacenamientoPersistente()
    // Spec 4: 'Otra' texts whose trigger is not chosen are cleared before saving (the schema's
    // output already is; said again here because this is the body the server gets).
    const cuerpo = limpiarOtrasSinUso(datos)
    setGuardando(true)
    try {
      // A submission refused earlier (or never attempted) is replaced rather than queued twice.
      const reemplazable = envio && (envio.estado === 'rechazado' || (envio.estado === 'pendiente' && envio.intentos === 0)) ? envio : undefined
      const item =
        (reemplazable ? await outbox.reemplazar(reemplazable.id, cuerpo) : null) ??
        (await outbox.encolar({ alumno: codigoAlumno, tipo: TIPO_PERSONA, etiqueta: 'Datos personales y profesionales', metodo: 'PUT', url: URL_PERSONA, cuerpo }))
      // From here the outbox holds the change: the draft is no longer needed.
      await borrador.marcarGuardado()
      const resultado = await outbox.esperar(item.id)
      switch (resultado.estado) {
        case 'confirmado':
          await alerta({ titulo: MENSAJE_DATOS_ACTUALIZADOS, mensaje: 'Sus datos fueron guardados correctamente.' })
          break
        case 'rechazado': {
          const respuesta = resultado.item.respuesta
          form.erroresDelServidor(camposDe(respuesta?.body))
          // The change is not on the server: keep it as a draft again.
          borrador.cambiar((v) => ({ ...v }))
          if (respuesta && respuesta.status >= 500) await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          else await alerta({ titulo: 'No se guardaron sus datos', mensaje: resultado.item.ultimoError ?? MENSAJE_ACTUALIZACION_FALLIDA })
          focoEnPrimerInvalido()
          break
        }
        case 'pendiente':
          // A 5xx is retried on its own, but the student is told, with the spec's words.
          if (resultado.item.ultimoError === MENSAJE_SERVIDOR) await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          break
        case 'en-pausa':
          // The expired-session alert is already on screen; the item waits for the next sign-in.
          break
        case 'retirado':
          borrador.cambiar((v) => ({ ...v }))
          await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          break
      }
    } catch {
      await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
    } finally {
      setGuardando(false)
    }
  }

  const esRut = rutVisible(persona.rut)
  const etiquetaDocumento = valores.tipoDocumento === 'DNI' ? 'DNI' : valores.tipoDocumento === 'PASAPORTE' ? 'Pasaporte' : 'Pasaporte o DNI'

  return (
    <form ref={formularioRef} className="formulario formulario--ancho" onSubmit={(e) => void guardar(e)} noValidate aria-describedby="personal-nota-obligatorios">
      <p id="personal-nota-obligatorios" className="campo__ayuda">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>

      {borrador.restaurado ? (
        <div className="mensaje mensaje--aviso" role="status">
          <p className="mensaje__titulo">Se recuperó un borrador sin enviar</p>
          <p>
            Sus últimos cambios{borrador.guardadoEn ? ` (del ${new Date(borrador.guardadoEn).toLocaleString('es-CL')})` : ''} aún no se han guardado.
            Revíselos y presione «Guardar», o descártelos.
          </p>
          <button type="button" className="boton boton--secundario" onClick={() => void borrador.descartar()}>
            Descartar borrador
          </button>
        </div>
      ) : null}

      <fieldset className="seccion">
        <legend>
          <h2>Datos Personales</h2>
        </legend>
        <div className="rejilla">
          <CampoTexto id="personal-email" etiqueta="Correo electrónico" type="email" value={persona.email} readOnly />
          {esRut ? (
            <CampoTexto id="personal-rut" etiqueta="RUT" value={persona.rut} readOnly error={errorDocumento ?? undefined} />
          ) : (
            <CampoTexto
              id="personal-documento"
              etiqueta={etiquetaDocumento}
              value={valores.numeroDocumento}
              readOnly
              error={errorDocumento ?? undefined}
            />
          )}
          <CampoTexto id="personal-nombres" etiqueta="Nombres" obligatorio autoComplete="given-name" error={form.error('nombres')} {...form.control('nombres')} />
          <CampoTexto id="personal-apellidos" etiqueta="Apellidos" obligatorio autoComplete="family-name" error={form.error('apPaterno')} {...form.control('apPaterno')} />
          <CampoSelect id="personal-sexo" etiqueta="Sexo registral" obligatorio error={form.error('sexoregistral')} {...form.control('sexoregistral')}>
            <option value="">Seleccione…</option>
            {SEXOS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </CampoSelect>
          <CampoTexto
            id="personal-fecha-nac"
            etiqueta="Fecha de nacimiento"
            obligatorio
            type="date"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
            ayuda="Debe tener al menos 18 años."
            error={form.error('fechaNac')}
            {...form.control('fechaNac')}
          />
          <CampoTexto
            id="personal-telefono"
            etiqueta="Teléfono particular"
            obligatorio
            type="tel"
            autoComplete="tel"
            ayuda="Con código de país, por ejemplo +56 2 2345 6789."
            error={form.error('telefonoParticular')}
            {...form.control('telefonoParticular')}
          />
          <CampoTexto
            id="personal-celular"
            etiqueta="Teléfono celular"
            type="tel"
            autoComplete="tel"
            ayuda="Opcional. Con código de país, por ejemplo +56 9 1234 5678."
            error={form.error('celular')}
            {...form.control('celular')}
          />
          <CampoSelect
            id="personal-nacionalidad"
            etiqueta="Nacionalidad"
            obligatorio
            error={form.error('nacionalidad')}
            {...form.control('nacionalidad', (p, v) => alCambiarNacionalidad(p, v))}
          >
            <option value="">Seleccione…</option>
            {nacionalidades.map((p) => (
              <option key={p.codPais} value={p.codPais}>
                {p.nacionalidad}
              </option>
            ))}
          </CampoSelect>
          {requiereDatosResidencia(valores.nacionalidad) ? (
            <>
              <CampoSelect id="personal-tipo-residencia" etiqueta="Tipo de residencia" obligatorio error={form.error('tipoResidencia')} {...form.control('tipoResidencia')}>
                <option value="">Seleccione…</option>
                {Object.entries(TIPOS_RESIDENCIA).map(([codigo, texto]) => (
                  <option key={codigo} value={codigo}>
                    {texto}
                  </option>
                ))}
              </CampoSelect>
              <CampoSelect id="personal-pais-origen" etiqueta="País de origen" obligatorio error={form.error('paisOrigen')} {...form.control('paisOrigen')}>
                <OpcionesPais paises={lookups.paises} />
              </CampoSelect>
            </>
          ) : null}
        </div>
        <fieldset className="subseccion">
          <legend>Domicilio</legend>
          <div className="rejilla">
            <CampoTexto
              id="personal-direccion"
              etiqueta="Dirección"
              obligatorio
              autoComplete="street-address"
              error={form.error('direccion')}
              {...form.control('direccion')}
            />
            <CampoSelect id="personal-pais" etiqueta="País de residencia" obligatorio error={form.error('codPais')} {...form.control('codPais', (p, v) => alCambiarPais(p, v))}>
              <OpcionesPais paises={lookups.paises} />
            </CampoSelect>
            <CampoSelect id="personal-region" etiqueta="Región" obligatorio error={form.error('codRegion')} {...form.control('codRegion', (p, v) => alCambiarRegion(p, v))}>
              <option value="">Seleccione…</option>
              {regiones.map((r) => (
                <option key={r.codRegion} value={r.codRegion}>
                  {r.region}
                </option>
              ))}
            </CampoSelect>
            <CampoSelect
              id="personal-comuna"
              etiqueta="Comuna"
              obligatorio
              disabled={valores.codRegion === ''}
              ayuda={valores.codRegion === '' ? 'Elija primero la región.' : comunas.isPending ? 'Cargando comunas…' : comunas.isError ? 'No se pudieron cargar las comunas: revise su conexión.' : undefined}
              error={form.error('codComuna')}
              {...form.control('codComuna', (p, v) => alCambiarComuna(p, v, lookups.comunaCiudad))}
            >
              <option value="">Seleccione…</option>
              {comunaSinCargar ? <option value={valores.codComuna}>{comunas.isPending ? 'Cargando comunas…' : `Comuna ${valores.codComuna}`}</option> : null}
              {opcionesDeComuna.map((c) => (
                <option key={c.codComuna} value={c.codComuna}>
                  {c.comuna}
                </option>
              ))}
            </CampoSelect>
            <CampoTexto id="personal-ciudad" etiqueta="Ciudad" value={valores.ciudad} readOnly ayuda="Se completa según la comuna." />
          </div>
        </fieldset>
      </fieldset>

      <fieldset className="seccion">
        <legend>
          <h2>Datos Profesionales</h2>
        </legend>
        <div className="rejilla">
          <CampoSelect id="personal-profesion" etiqueta="Profesión" obligatorio error={form.error('codProfesion')} {...form.control('codProfesion')}>
            <option value="">Seleccione…</option>
            {lookups.profesiones.map((p) => (
              <option key={p.codProfesion} value={p.codProfesion}>
                {p.profesion}
              </option>
            ))}
          </CampoSelect>
          {requiereOtraProfesion(valores.codProfesion) ? (
            <CampoTexto id="personal-otra-profesion" etiqueta="Indique su profesión" obligatorio error={form.error('otraProfesion')} {...form.control('otraProfesion')} />
          ) : null}
          <CampoSelect id="personal-universidad" etiqueta="Universidad" obligatorio error={form.error('universidad')} {...form.control('universidad')}>
            <option value="">Seleccione…</option>
            {lookups.universidades.map((u) => (
              <option key={u.universidad} value={u.universidad}>
                {u.universidad === UNIVERSIDAD_OTRA ? 'Otra universidad' : u.universidad}
              </option>
            ))}
          </CampoSelect>
          {requiereOtraUniversidad(valores.universidad) ? (
            <CampoTexto id="personal-otra-universidad" etiqueta="Indique su universidad" obligatorio error={form.error('otrauniversidad')} {...form.control('otrauniversidad')} />
          ) : null}
          <CampoSelect id="personal-nivel" etiqueta="Nivel de formación más alto" obligatorio error={form.error('maxnivelformacion')} {...form.control('maxnivelformacion')}>
            <option value="">Seleccione…</option>
            {NIVELES_FORMACION.map((n) => (
              <option key={n} value={n}>
                {n === NIVEL_OTRA ? 'Otro nivel' : n}
              </option>
            ))}
          </CampoSelect>
          {requiereOtroNivelFormacion(valores.maxnivelformacion) ? (
            <CampoTexto id="personal-otro-nivel" etiqueta="Indique su nivel de formación" obligatorio error={form.error('otronivelformacion')} {...form.control('otronivelformacion')} />
          ) : null}
          <CampoSelect
            id="personal-institucion"
            etiqueta="Tipo de institución de educación superior"
            obligatorio
            error={form.error('tipoinstitucion')}
            {...form.control('tipoinstitucion')}
          >
            <option value="">Seleccione…</option>
            {TIPOS_INSTITUCION.map((t) => (
              <option key={t} value={t}>
                {t === INSTITUCION_OTRA ? 'Otro tipo de institución' : t}
              </option>
            ))}
          </CampoSelect>
          {requiereOtroTipoInstitucion(valores.tipoinstitucion) ? (
            <CampoTexto
              id="personal-otra-institucion"
              etiqueta="Indique el tipo de institución"
              obligatorio
              error={form.error('otrotipoinstitucion')}
              {...form.control('otrotipoinstitucion')}
            />
          ) : null}
          <CampoSelect id="personal-pais-secundaria" etiqueta="País de estudios secundarios" obligatorio error={form.error('paisEstSecund')} {...form.control('paisEstSecund')}>
            <OpcionesPais paises={lookups.paises} />
          </CampoSelect>
        </div>
      </fieldset>

      {/* Beside the button the student just pressed: on a phone the top of the form is far away. */}
      <EstadoEnvio envio={envio} guardando={guardando} />

      <div className="acciones acciones--guardar">
        <button type="submit" className="boton" disabled={guardando} aria-describedby="personal-estado-envio">
          {guardando ? 'Guardando…' : 'Guardar'}
        </button>
      </div>
    </form>
  )
}

function OpcionesPais({ paises }: { paises: readonly Pais[] }) {
  return (
    <>
      <option value="">Seleccione…</option>
      {paises.map((p) => (
        <option key={p.codPais} value={p.codPais}>
          {p.pais}
        </option>
      ))}
    </>
  )
}

/** Where the last save stands, derived from the outbox, so it survives a reload. */
function EstadoEnvio({ envio, guardando }: { envio: ItemOutbox | undefined; guardando: boolean }) {
  let texto: string | null = null
  let clase = 'mensaje--aviso'
  if (envio?.estado === 'enviando' || (guardando && envio?.estado === 'pendiente' && envio.intentos === 0)) texto = 'Enviando sus cambios…'
  else if (envio?.estado === 'pendiente') texto = MENSAJE_PENDIENTE
  else if (envio?.estado === 'en-pausa') texto = `${MENSAJE_PENDIENTE} (en pausa: inicie sesión para enviar)`
  else if (envio?.estado === 'rechazado') {
    texto = `El servidor rechazó los últimos cambios: ${envio.ultimoError ?? MENSAJE_ACTUALIZACION_FALLIDA} Corrija los datos y vuelva a guardar.`
    clase = 'mensaje--error'
  }
  return (
    <div id="personal-estado-envio" role="status">
      {texto ? (
        <p className={`mensaje ${clase}`}>
          {texto}
        </p>
      ) : null}
    </div>
  )
}
