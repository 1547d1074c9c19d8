import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { TIPOS_DOCUMENTO_SOLICITUD } from '../../../domain/documentos-solicitud.ts'
import {
  calendarioComoTexto,
  concursoSchema,
  MAXIMO_DESCRIPCION_CONCURSO,
  MAXIMO_HITOS,
  MAXIMO_REQUISITOS,
} from '../../../domain/gestion-concursos.ts'
import { CampoArea, CampoTexto } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { actualizarConcursos, concursosAdminMutations, type DatosConcursoAdmin } from './queries.ts'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

type Valores = {
  especialidad: string
  sede: string
  ciudad: string
  vacantes: string
  derechoPostulacion: string
  postulacionDesde: string
  postulacionHasta: string
  descripcion: string
  requisitos: string
  calendario: string
  documentos: string
}

function valoresDe(c: DatosConcursoAdmin | null): Valores {
  if (!c)
    return {
      especialidad: '',
      sede: '',
      ciudad: '',
      vacantes: '',
      derechoPostulacion: '',
      postulacionDesde: '',
      postulacionHasta: '',
      descripcion: '',
      requisitos: '',
      calendario: '',
      documentos: '',
    }
  return {
    especialidad: c.especialidad,
    sede: c.sede,
    ciudad: c.ciudad,
    vacantes: String(c.vacantes),
    derechoPostulacion: String(c.derechoPostulacion),
    postulacionDesde: c.postulacionDesde,
    postulacionHasta: c.postulacionHasta,
    descripcion: c.descripcion,
    requisitos: c.requisitos.join('\n'),
    calendario: calendarioComoTexto(c.calendario),
    documentos: c.documentos.join(','),
  }
}

/**
 * A contest created (as a draft) or edited: every field the students' pages show. The rules are
 * the server's (concursoSchema); its per-field refusals show under each field.
 */
export function DialogoConcurso({ concurso, onCerrar }: { concurso: DatosConcursoAdmin | null; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const idDocumentos = useId()
  const {
    form,
    mutacion: guardar,
    enviar,
  } = useDialogoFormulario({
    schema: concursoSchema,
    inicial: valoresDe(concurso),
    enviarDatos: (datos) =>
      concurso ? concursosAdminMutations.editar({ id: concurso.id, datos }) : concursosAdminMutations.crear(datos),
    alEnviar: ({ concurso: guardado }) => {
      toast({
        tipo: 'success',
        mensaje: concurso
          ? `Concurso de ${guardado.especialidad} guardado.`
          : `Concurso de ${guardado.especialidad} creado como borrador: ábralo cuando deba recibir postulaciones.`,
      })
      onCerrar()
    },
    alTerminar: () => actualizarConcursos(queryClient),
  })

  const elegidos = (form.valores.documentos ?? '').split(',').filter((d) => d !== '')
  function alternarDocumento(codigo: string, marcado: boolean) {
    const siguiente = marcado ? [...elegidos, codigo] : elegidos.filter((d) => d !== codigo)
    form.cambiar('documentos', siguiente.join(','))
  }

  return (
    <DialogoFormulario
      titulo={concurso ? `Editar concurso de ${concurso.especialidad}` : 'Nuevo concurso'}
      accion={concurso ? 'Guardar cambios' : 'Crear concurso'}
      enCurso="Guardando…"
      mutacion={guardar}
      enviar={enviar}
      onCerrar={onCerrar}
      grande
      claseFormulario="admin-concursos__formulario"
      antes={
        concurso ? null : (
          <p>
            El concurso se crea como borrador: los estudiantes no lo ven hasta que lo abra desde la lista de concursos.
          </p>
        )
      }
    >
      <CampoTexto etiqueta="Especialidad" obligatorio maxLength={120} {...form.campo('especialidad')} />
      <CampoTexto etiqueta="Sede u hospital" obligatorio maxLength={160} {...form.campo('sede')} />
      <CampoTexto etiqueta="Ciudad" obligatorio maxLength={80} {...form.campo('ciudad')} />
      <div className="admin-concursos__pareja">
        <CampoTexto etiqueta="Vacantes" obligatorio inputMode="numeric" {...form.campo('vacantes')} />
        <CampoTexto
          etiqueta="Derecho de postulación (pesos)"
          obligatorio
          inputMode="numeric"
          ayuda="Monto entero en pesos chilenos, por ejemplo 85000."
          {...form.campo('derechoPostulacion')}
        />
      </div>
      <div className="admin-concursos__pareja">
        <CampoTexto etiqueta="Inicio de la postulación" obligatorio type="date" {...form.campo('postulacionDesde')} />
        <CampoTexto
          etiqueta="Cierre de la postulación"
          obligatorio
          type="date"
          ayuda="Ambos días incluidos, en hora de Chile."
          {...form.campo('postulacionHasta')}
        />
      </div>
      <CampoArea
        etiqueta="Descripción del programa"
        obligatorio
        rows={4}
        maxLength={MAXIMO_DESCRIPCION_CONCURSO}
        {...form.campo('descripcion')}
      />
      <CampoArea
        etiqueta="Requisitos"
        obligatorio
        ayuda={`Un requisito por línea (hasta ${MAXIMO_REQUISITOS}).`}
        rows={4}
        {...form.campo('requisitos')}
      />
      <CampoArea
        etiqueta="Calendario"
        ayuda={`Un hito por línea: la fecha como dd-mm-aaaa, un espacio y el hito, por ejemplo «15-04-2026 Entrevistas personales» (hasta ${MAXIMO_HITOS}).`}
        rows={4}
        {...form.campo('calendario')}
      />
      <fieldset
        className="admin-concursos__documentos"
        aria-describedby={form.error('documentos') ? `${idDocumentos}-error` : undefined}
      >
        <legend className="campo__etiqueta">Documentos que se piden a los postulantes</legend>
        {TIPOS_DOCUMENTO_SOLICITUD.map((t) => (
          <label key={t.codDocumento} className="opciones-varias__opcion">
            <input
              type="checkbox"
              checked={elegidos.includes(t.codDocumento)}
              onChange={(e) => alternarDocumento(t.codDocumento, e.target.checked)}
            />{' '}
            {t.documento}
          </label>
        ))}
        {form.error('documentos') ? (
          <p id={`${idDocumentos}-error`} className="campo__error">
            {form.error('documentos')}
          </p>
        ) : null}
      </fieldset>
    </DialogoFormulario>
  )
}
