import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { loginSchema } from '../../domain/ingreso.ts'
import { codigoSegundoFactorSchema, DIGITOS_CODIGO } from '../../domain/personal.ts'
import { esRutaDeLaEscuela } from '../../domain/area-escuela.ts'
import { URL_INICIO_PERSONAL } from '../../domain/urls.ts'
import { ApiError } from '../../lib/api-error.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { CamposCredenciales } from '../../ui/campos-credenciales.tsx'
import { personalMutations, personalQueries, type PasoIngreso } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import './admin.css'

/**
 * The staff's sign-in: e-mail and password, then the code of their authenticator app. At the
 * first sign-in the app is enrolled first, from the QR (or the secret typed by hand).
 */
export function PaginaIngresoPersonal({ volver }: { volver?: string | undefined }) {
  const [paso, setPaso] = useState<PasoIngreso | null>(null)
  /** Why the sign-in went back to its first step. */
  const [aviso, setAviso] = useState<string | null>(null)
  return (
    <section className="pagina pagina--estrecha admin-ingreso" aria-labelledby="ingreso-personal-titulo">
      <h1 id="ingreso-personal-titulo">Ingreso del personal de la escuela</h1>
      {paso === null ? (
        <FormularioCredenciales
          aviso={aviso}
          alAceptar={(siguiente) => {
            setAviso(null)
            setPaso(siguiente)
          }}
        />
      ) : (
        <FormularioCodigo
          paso={paso}
          volver={volver}
          alVencer={(mensaje) => {
            setAviso(mensaje)
            setPaso(null)
          }}
        />
      )}
      <p className="admin-ingreso__nota">
        ¿Es estudiante? <Link to="/login">Ingrese al Portal del Estudiante</Link>.
      </p>
    </section>
  )
}

function FormularioCredenciales({
  aviso,
  alAceptar,
}: {
  aviso: string | null
  alAceptar: (paso: PasoIngreso) => void
}) {
  const form = useFormulario(loginSchema, { email: '', password: '' })
  const ingreso = useMutation({ mutationFn: personalMutations.ingreso, onSuccess: alAceptar })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !ingreso.isPending) ingreso.mutate(datos)
  }

  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      {aviso ? (
        <p className="mensaje mensaje--aviso" role="alert">
          {aviso}
        </p>
      ) : null}
      <CamposCredenciales form={form} prefijo="personal" />
      <MensajeError error={ingreso.error} visible={ingreso.isError} />
      <button type="submit" className="boton boton--ancho" disabled={ingreso.isPending}>
        {ingreso.isPending ? 'Verificando…' : 'Continuar'}
      </button>
      <p>
        <Link to="/admin/recuperar">¿Olvidó su contraseña?</Link>
      </p>
    </form>
  )
}

function FormularioCodigo({
  paso,
  volver,
  alVencer,
}: {
  paso: PasoIngreso
  volver?: string | undefined
  alVencer: (mensaje: string) => void
}) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const form = useFormulario(codigoSegundoFactorSchema, { codigo: '' })
  const codigo = useMutation({
    mutationFn: personalMutations.codigo,
    async onSuccess() {
      // Another staff member may have used this browser: nothing of theirs stays in memory.
      queryClient.removeQueries({ queryKey: personalQueries.all() })
      await router.navigate({ href: volver && esRutaDeLaEscuela(volver) ? volver : URL_INICIO_PERSONAL, replace: true })
    },
    onError(error) {
      // Too many codes, the password's five minutes are over, or the sign-in is locked by failed
      // attempts (429): back to the first step, saying why.
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) alVencer(error.message)
      else {
        form.cambiar('codigo', '')
        document.getElementById('personal-codigo')?.focus()
      }
    },
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !codigo.isPending) codigo.mutate(datos.codigo)
  }

  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      {paso.paso === 'enrolar' ? <Enrolamiento secreto={paso.secreto} qr={paso.qr} /> : null}
      <p>
        {paso.paso === 'enrolar'
          ? 'Luego escriba el código de 6 dígitos que muestra la aplicación.'
          : 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.'}
      </p>
      <CampoTexto
        // The step that appears is where the staff member types next.
        autoFocus
        id="personal-codigo"
        etiqueta="Código de verificación"
        obligatorio
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={DIGITOS_CODIGO + 2}
        {...form.campo('codigo')}
      />
      <MensajeError error={codigo.error} visible={codigo.isError} />
      <button type="submit" className="boton boton--ancho" disabled={codigo.isPending}>
        {codigo.isPending ? 'Verificando…' : 'Ingresar'}
      </button>
    </form>
  )
}

/** The first sign-in: the QR for the authenticator app, and the secret to type by hand. */
function Enrolamiento({ secreto, qr }: { secreto: string; qr: string }) {
  return (
    <div className="admin-enrolamiento">
      <h2>Active la verificación en dos pasos</h2>
      <ol>
        <li>
          Abra una aplicación de autenticación en su teléfono (Google Authenticator, Microsoft Authenticator, Authy u
          otra).
        </li>
        <li>Agregue una cuenta escaneando este código QR o escribiendo la clave que aparece debajo.</li>
      </ol>
      <img
        src={qr}
        width="240"
        height="240"
        alt="Código QR para agregar su cuenta del Portal de Estudiantes a la aplicación de autenticación"
      />
      <p>
        Clave para escribir a mano:{' '}
        <code className="admin-enrolamiento__clave">{secreto.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
    </div>
  )
}
