import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  bloquearSchema,
  levantarBloqueoSchema,
  MAX_MOTIVO_BLOQUEO,
  MENSAJE_ALUMNO_BLOQUEADO,
  type BloqueoVigente,
} from '../../../domain/bloqueo-datos.ts'
import { cliente, leer } from '../../../lib/cliente-api.ts'
import { CampoArea } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { alumnosQueries } from './queries.ts'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

// A student's data blocked at their request (Ley 19.628, art. 8): the staff's page says so at the
// top, with since when and why, and that nothing of theirs can be changed meanwhile; who manages
// privacy (administration, the data protection delegate) lifts it, or blocks directly, giving why.

type Accion = 'bloquear' | 'levantar'

function DialogoBloqueo({ alumnoId, accion, onCerrar }: { alumnoId: string; accion: Accion; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const {
    form,
    mutacion: cambio,
    enviar,
  } = useDialogoFormulario({
    schema: accion === 'bloquear' ? bloquearSchema : levantarBloqueoSchema,
    inicial: { motivo: '' },
    enviarDatos: ({ motivo }) =>
      accion === 'bloquear'
        ? leer(cliente.admin.alumnos[':id'].bloqueo.$post({ param: { id: alumnoId }, json: { motivo } }))
        : leer(cliente.admin.alumnos[':id'].bloqueo.$delete({ param: { id: alumnoId }, json: { motivo } })),
    alEnviar: () => {
      toast({
        tipo: 'success',
        mensaje: accion === 'bloquear' ? 'Datos del alumno bloqueados.' : 'Bloqueo levantado.',
      })
      onCerrar()
    },
    alTerminar: () => queryClient.invalidateQueries({ queryKey: alumnosQueries.all() }),
  })

  return (
    <DialogoFormulario
      titulo={accion === 'bloquear' ? 'Bloquear los datos del alumno' : 'Levantar el bloqueo'}
      accion={accion === 'bloquear' ? 'Bloquear' : 'Levantar bloqueo'}
      enCurso={accion === 'bloquear' ? 'Bloqueando…' : 'Levantando…'}
      mutacion={cambio}
      enviar={enviar}
      onCerrar={onCerrar}
      antes={
        <p>
          {accion === 'bloquear'
            ? 'Mientras el bloqueo esté vigente, el CRM no recibe sus datos, no se le envían avisos (salvo los de sus solicitudes de privacidad) y nadie de la escuela puede modificar sus datos. Queda en la auditoría.'
            : 'Los datos del alumno volverán a tratarse como antes: el CRM los recibe, se le envían avisos y la escuela puede modificarlos. Queda en la auditoría.'}
        </p>
      }
    >
      <CampoArea etiqueta="Motivo" obligatorio maxLength={MAX_MOTIVO_BLOQUEO} rows={3} {...form.campo('motivo')} />
    </DialogoFormulario>
  )
}

/** The block's banner at the top of the student's page, and the buttons of who may act on it. */
export function BloqueoDatos({ alumnoId, bloqueo }: { alumnoId: string; bloqueo: BloqueoVigente | null }) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const [accion, setAccion] = useState<Accion | null>(null)
  const gestiona = tieneCapacidad(sesion, 'privacidad.gestionar')
  const dialogo = accion ? (
    <DialogoBloqueo alumnoId={alumnoId} accion={accion} onCerrar={() => setAccion(null)} />
  ) : null
  const lecturas = gestiona ? (
    <Link to="/admin/privacidad/lecturas" search={{ alumno: alumnoId }}>
      Quién leyó sus datos sensibles
    </Link>
  ) : null
  if (!bloqueo)
    return gestiona ? (
      <p className="admin-acciones-privacidad">
        <button type="button" className="boton boton--secundario" onClick={() => setAccion('bloquear')}>
          Bloquear datos
        </button>{' '}
        {lecturas}
        {dialogo}
      </p>
    ) : null
  return (
    <section className="mensaje mensaje--aviso" aria-labelledby="alumno-bloqueo">
      <h2 id="alumno-bloqueo">Datos bloqueados</h2>
      <p>
        Desde el {momentoEnChile(bloqueo.desde)}. Motivo: {bloqueo.motivo}
      </p>
      <p id="alumno-bloqueo-razon">{MENSAJE_ALUMNO_BLOQUEADO}</p>
      {gestiona ? (
        <p>
          <button type="button" className="boton boton--secundario" onClick={() => setAccion('levantar')}>
            Levantar bloqueo
          </button>{' '}
          {lecturas}
        </p>
      ) : null}
      {dialogo}
    </section>
  )
}
