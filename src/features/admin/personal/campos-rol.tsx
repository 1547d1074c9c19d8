import { DESCRIPCION_ROL, rolConAsistente } from '../../../domain/gestion-personal.ts'
import { ETIQUETA_ROL, ROLES_PERSONAL } from '../../../domain/personal.ts'
import { CampoSelect } from '../../../ui/campo.tsx'
import type { useFormulario } from '../../../lib/use-formulario.ts'
import type { AsistenteComercial } from './queries.ts'

/**
 * The role of an account and, for an assistant's role, the commercial assistant it is: the
 * invitation's form and the role change's share them.
 */
export function CamposRol({
  form,
  asistentes,
}: {
  form: Pick<ReturnType<typeof useFormulario>, 'campo' | 'valores'>
  asistentes: AsistenteComercial[]
}) {
  const rol = form.valores.rol ?? ''
  return (
    <>
      <CampoSelect
        etiqueta="Rol"
        obligatorio
        vacia="Elija un rol"
        opciones={ROLES_PERSONAL.map((r) => ({ valor: r, texto: ETIQUETA_ROL[r] }))}
        ayuda={ROLES_PERSONAL.includes(rol as never) ? DESCRIPCION_ROL[rol as keyof typeof DESCRIPCION_ROL] : undefined}
        {...form.campo('rol')}
      />
      {rolConAsistente(rol) ? (
        <CampoSelect
          etiqueta="Asistente comercial asociado"
          vacia="Sin asistente asociado"
          opciones={asistentes.map((a) => ({ valor: a.id, texto: `${a.nombre} (${a.email})` }))}
          ayuda="La cuenta verá solo los alumnos y las solicitudes de este asistente. Sin asistente, no verá ningún alumno."
          {...form.campo('asistenteId')}
        />
      ) : null}
    </>
  )
}
