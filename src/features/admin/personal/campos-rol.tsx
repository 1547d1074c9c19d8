import { useId } from 'react'
import { DESCRIPCION_ROL, rolConAsistente } from '../../../domain/gestion-personal.ts'
import { ETIQUETA_ROL, ROLES_PERSONAL } from '../../../domain/personal.ts'
import { CampoSelect } from '../../../ui/campo.tsx'
import type { AsistenteComercial } from './queries.ts'

/**
 * The role of an account and, for an assistant's role, the commercial assistant it is: the
 * invitation's form and the role change's share them.
 */
export function CamposRol({
  rol,
  asistenteId,
  asistentes,
  errores,
  cambiar,
}: {
  rol: string
  asistenteId: string
  asistentes: AsistenteComercial[]
  errores: { rol?: string | undefined; asistenteId?: string | undefined }
  cambiar: (campo: 'rol' | 'asistenteId', valor: string) => void
}) {
  const idRol = useId()
  const idAsistente = useId()
  return (
    <>
      <CampoSelect
        id={idRol}
        etiqueta="Rol"
        obligatorio
        name="rol"
        value={rol}
        error={errores.rol}
        ayuda={ROLES_PERSONAL.includes(rol as never) ? DESCRIPCION_ROL[rol as keyof typeof DESCRIPCION_ROL] : undefined}
        onChange={(e) => cambiar('rol', e.target.value)}
      >
        <option value="">Elija un rol</option>
        {ROLES_PERSONAL.map((r) => (
          <option key={r} value={r}>
            {ETIQUETA_ROL[r]}
          </option>
        ))}
      </CampoSelect>
      {rolConAsistente(rol) ? (
        <CampoSelect
          id={idAsistente}
          etiqueta="Asistente comercial asociado"
          name="asistenteId"
          value={asistenteId}
          error={errores.asistenteId}
          ayuda="La cuenta verá solo los alumnos y las solicitudes de este asistente. Sin asistente, no verá ningún alumno."
          onChange={(e) => cambiar('asistenteId', e.target.value)}
        >
          <option value="">Sin asistente asociado</option>
          {asistentes.map((a) => (
            <option key={a.id} value={a.id}>
              {a.nombre} ({a.email})
            </option>
          ))}
        </CampoSelect>
      ) : null}
    </>
  )
}
