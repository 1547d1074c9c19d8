import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query'
import { CONSENTIMIENTOS, type FinalidadConsentimiento } from '../../domain/consentimiento.ts'
import { fechaEnChile, horaEnChile } from '../../domain/fechas.ts'
import { ApiError } from '../../lib/api-error.ts'
import { CLAVE_SOLICITUDES } from '../../lib/claves-consulta.ts'
import { cliente, leer } from '../../lib/cliente-api.ts'
import { alerta } from '../../ui/alertas.ts'
import { Estado } from '../../ui/spinner.tsx'
import { toast } from '../../ui/toasts.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

// Información Personal: the express consents the student gave for sensitive data, each with when
// and under which version of the privacy policy, and 'Retirar consentimiento'. Withdrawing needs
// the connection (it deletes answers on the server at once); the screen says so when offline.

export const consentimientosQueries = {
  estado: () =>
    queryOptions({
      queryKey: ['privacidad', 'consentimientos'],
      meta: { persistir: false },
      queryFn: ({ signal }) => leer(cliente.privacidad.consentimientos.$get({}, { init: { signal } })),
    }),
}

const dia = (iso: string) => fechaEnChile(new Date(iso)).split('-').reverse().join('-')

export function Consentimientos() {
  const queryClient = useQueryClient()
  const estado = useQuery(consentimientosQueries.estado())
  const retiro = useMutation({
    mutationFn: (finalidad: FinalidadConsentimiento) =>
      leer(cliente.privacidad.consentimientos[':finalidad'].retirar.$post({ param: { finalidad } })),
    onSuccess: (datos, finalidad) => {
      queryClient.setQueryData(consentimientosQueries.estado().queryKey, datos)
      // The surveys' answers changed on the server.
      void queryClient.invalidateQueries({ queryKey: CLAVE_SOLICITUDES })
      toast({ tipo: 'success', mensaje: CONSENTIMIENTOS[finalidad].retirado })
    },
    onError: (error) =>
      void alerta({
        titulo: 'Consentimiento',
        mensaje:
          error instanceof ApiError
            ? error.message
            : 'No fue posible retirar su consentimiento. Revise su conexión e intente nuevamente.',
      }),
  })

  async function retirar(finalidad: FinalidadConsentimiento) {
    const respuesta = await alerta({
      titulo: 'Retirar consentimiento',
      mensaje: CONSENTIMIENTOS[finalidad].alRetirar,
      acciones: [
        { valor: 'retirar', etiqueta: 'Retirar consentimiento' },
        { valor: 'cancelar', etiqueta: 'Cancelar' },
      ],
    })
    if (respuesta === 'retirar' && !retiro.isPending) retiro.mutate(finalidad)
  }

  return (
    <section id="consentimientos" className="seccion" aria-labelledby="consentimientos-titulo">
      <h2 id="consentimientos-titulo">Consentimientos</h2>
      <p className="campo__ayuda">
        Los datos sensibles que la escuela trata solo con su autorización expresa. Puede retirarla cuando quiera.
      </p>
      {estado.isError ? (
        <MensajeError>No fue posible cargar sus consentimientos. Revise su conexión e intente nuevamente.</MensajeError>
      ) : !estado.data ? (
        <Estado texto="Cargando…" />
      ) : (
        <ul className="consentimientos">
          {estado.data.consentimientos.map((c) => {
            const texto = CONSENTIMIENTOS[c.finalidad]
            return (
              <li key={c.finalidad}>
                <h3>{texto.titulo}</h3>
                <p>{texto.texto}</p>
                <p>
                  <strong>
                    {c.estado === 'otorgado'
                      ? c.en
                        ? `Autorizado el ${dia(c.en)} a las ${horaEnChile(new Date(c.en))}${c.versionPolitica ? `, con la versión ${c.versionPolitica} de la política de privacidad` : ''}.`
                        : 'Autorizado con respuestas anteriores a este registro.'
                      : c.estado === 'retirado' && c.en
                        ? `Retirado el ${dia(c.en)} a las ${horaEnChile(new Date(c.en))}: sus respuestas se eliminaron.`
                        : 'No ha autorizado: no se le hacen estas preguntas.'}
                  </strong>
                </p>
                {c.estado === 'otorgado' ? (
                  <button
                    type="button"
                    className="boton boton--secundario"
                    disabled={retiro.isPending}
                    onClick={() => void retirar(c.finalidad)}
                  >
                    {retiro.isPending ? 'Retirando…' : 'Retirar consentimiento'}
                  </button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
