import { useQueryClient } from '@tanstack/react-query'
import { MAXIMO_DESCRIPCION_OFERTA, ofertaSchema } from '../../../domain/gestion-ofertas.ts'
import { CampoArea, CampoTexto } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { actualizarOfertas, ofertasAdminMutations, type OfertaAdmin } from './queries.ts'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

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
    <DialogoFormulario
      titulo={oferta ? 'Editar oferta laboral' : 'Nueva oferta laboral'}
      accion={oferta ? 'Guardar cambios' : 'Publicar oferta'}
      enCurso="Guardando…"
      mutacion={guardar}
      enviar={enviar}
      onCerrar={onCerrar}
      grande
    >
      <CampoTexto etiqueta="Cargo" obligatorio maxLength={160} {...form.campo('cargo')} />
      <CampoTexto etiqueta="Institución" obligatorio maxLength={160} {...form.campo('institucion')} />
      <CampoTexto etiqueta="Ciudad" obligatorio maxLength={80} {...form.campo('ciudad')} />
      <CampoArea
        etiqueta="Descripción"
        obligatorio
        rows={5}
        maxLength={MAXIMO_DESCRIPCION_OFERTA}
        {...form.campo('descripcion')}
      />
      <div className="admin-concursos__pareja">
        <CampoTexto etiqueta="Se publica el" obligatorio type="date" {...form.campo('publicadaEl')} />
        <CampoTexto
          etiqueta="Se muestra hasta el"
          obligatorio
          type="date"
          ayuda="Ambos días incluidos, en hora de Chile."
          {...form.campo('cierraEl')}
        />
      </div>
      <div className="admin-concursos__pareja">
        <CampoTexto etiqueta="Nombre del contacto" obligatorio maxLength={120} {...form.campo('contactoNombre')} />
        <CampoTexto etiqueta="Correo del contacto" obligatorio type="email" {...form.campo('contactoEmail')} />
      </div>
    </DialogoFormulario>
  )
}
