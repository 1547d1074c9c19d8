import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { MAXIMO_DESCRIPCION_OFERTA, ofertaSchema } from '../../../domain/gestion-ofertas.ts'
import { CampoArea, CampoTexto } from '../../../ui/campo.tsx'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { actualizarOfertas, ofertasAdminMutations, type OfertaAdmin } from './queries.ts'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

const VACIA = {
  institucion: '',
  cargo: '',
  ciudad: '',
  descripcion: '',
  publicadaEl: '',
  cierraEl: '',
  contactoNombre: '',
  contactoEmail: '',
}

/** A job offer created or edited; the rules are the server's (ofertaSchema). */
export function DialogoOferta({ oferta, onCerrar }: { oferta: OfertaAdmin | null; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const ids = {
    formulario: useId(),
    institucion: useId(),
    cargo: useId(),
    ciudad: useId(),
    descripcion: useId(),
    publicada: useId(),
    cierra: useId(),
    contactoNombre: useId(),
    contactoEmail: useId(),
  }
  const {
    form,
    mutacion: guardar,
    enviar,
  } = useDialogoFormulario({
    schema: ofertaSchema,
    inicial: oferta
      ? {
          institucion: oferta.institucion,
          cargo: oferta.cargo,
          ciudad: oferta.ciudad,
          descripcion: oferta.descripcion,
          publicadaEl: oferta.publicadaEl,
          cierraEl: oferta.cierraEl,
          contactoNombre: oferta.contactoNombre,
          contactoEmail: oferta.contactoEmail,
        }
      : VACIA,
    enviarDatos: (datos) =>
      oferta ? ofertasAdminMutations.editar({ id: oferta.id, datos }) : ofertasAdminMutations.crear(datos),
    alEnviar: ({ oferta: guardada }) => {
      toast({ tipo: 'success', mensaje: `Oferta «${guardada.cargo}» de ${guardada.institucion} guardada.` })
      onCerrar()
    },
    alTerminar: () => actualizarOfertas(queryClient),
  })

  return (
    <Dialogo
      titulo={oferta ? 'Editar oferta laboral' : 'Nueva oferta laboral'}
      onCerrar={onCerrar}
      grande
      acciones={
        <AccionesDialogo
          texto={oferta ? 'Guardar cambios' : 'Publicar oferta'}
          enCurso="Guardando…"
          ocupado={guardar.isPending}
          formulario={ids.formulario}
          onCancelar={onCerrar}
        />
      }
    >
      <form id={ids.formulario} className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id={ids.cargo}
          etiqueta="Cargo"
          obligatorio
          maxLength={160}
          error={form.error('cargo')}
          {...form.control('cargo')}
        />
        <CampoTexto
          id={ids.institucion}
          etiqueta="Institución"
          obligatorio
          maxLength={160}
          error={form.error('institucion')}
          {...form.control('institucion')}
        />
        <CampoTexto
          id={ids.ciudad}
          etiqueta="Ciudad"
          obligatorio
          maxLength={80}
          error={form.error('ciudad')}
          {...form.control('ciudad')}
        />
        <CampoArea
          id={ids.descripcion}
          etiqueta="Descripción"
          obligatorio
          error={form.error('descripcion')}
          rows={5}
          maxLength={MAXIMO_DESCRIPCION_OFERTA}
          {...form.control('descripcion')}
        />
        <div className="admin-concursos__pareja">
          <CampoTexto
            id={ids.publicada}
            etiqueta="Se publica el"
            obligatorio
            type="date"
            error={form.error('publicadaEl')}
            {...form.control('publicadaEl')}
          />
          <CampoTexto
            id={ids.cierra}
            etiqueta="Se muestra hasta el"
            obligatorio
            type="date"
            ayuda="Ambos días incluidos, en hora de Chile."
            error={form.error('cierraEl')}
            {...form.control('cierraEl')}
          />
        </div>
        <div className="admin-concursos__pareja">
          <CampoTexto
            id={ids.contactoNombre}
            etiqueta="Nombre del contacto"
            obligatorio
            maxLength={120}
            error={form.error('contactoNombre')}
            {...form.control('contactoNombre')}
          />
          <CampoTexto
            id={ids.contactoEmail}
            etiqueta="Correo del contacto"
            obligatorio
            type="email"
            error={form.error('contactoEmail')}
            {...form.control('contactoEmail')}
          />
        </div>
        <MensajeError error={guardar.error} visible={guardar.isError} />
      </form>
    </Dialogo>
  )
}
