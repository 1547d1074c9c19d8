import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { registroSchema } from '../../domain/registro.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { CampoSelect, CampoTexto } from '../../ui/campo.tsx'
import { toast } from '../../ui/toasts.ts'
import { avisarError } from './manejar-error.ts'
import { CamposNuevaPassword } from './campos-nueva-password.tsx'
import { authMutations } from './queries.ts'

/** Registration, reached from the contest flow; afterwards the student signs in. */
export function PaginaRegistro() {
  const navigate = useNavigate()
  const [rechazo, setRechazo] = useState<string | null>(null)
  const form = useFormulario(registroSchema, {
    nombres: '',
    apellidos: '',
    tipoDocumento: 'RUT',
    documento: '',
    email: '',
    telefono: '',
    password: '',
    confirmacion: '',
  })
  const registro = useMutation({
    ...authMutations.registro(),
    onSuccess(respuesta, datos) {
      toast({ tipo: 'success', mensaje: respuesta.message })
      void navigate({ to: '/login', search: { email: datos.email } })
    },
    onError(error) {
      if (error instanceof ApiError && !esErrorInternoORed(error)) {
        // 409: the e-mail or the RUT/passport is already on record; 400: the server's field messages.
        setRechazo(error.message)
        form.erroresDelServidor(error.campos)
        return
      }
      avisarError(error)
    },
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setRechazo(null)
    const datos = form.intentar(e.currentTarget)
    if (datos && !registro.isPending) registro.mutate(datos)
  }

  const esRut = form.valores.tipoDocumento === 'RUT'
  return (
    <section className="pagina pagina--estrecha">
      <h1>Crear cuenta</h1>
      <p>Completa tus datos para postular. Los campos marcados con * son obligatorios.</p>
      <form className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id="registro-nombres"
          etiqueta="Nombres"
          obligatorio
          autoComplete="given-name"
          error={form.error('nombres')}
          {...form.control('nombres')}
        />
        <CampoTexto
          id="registro-apellidos"
          etiqueta="Apellidos"
          obligatorio
          autoComplete="family-name"
          error={form.error('apellidos')}
          {...form.control('apellidos')}
        />
        <CampoSelect
          id="registro-tipo-documento"
          etiqueta="Tipo de documento"
          obligatorio
          error={form.error('tipoDocumento')}
          {...form.control('tipoDocumento')}
        >
          <option value="RUT">RUT</option>
          <option value="PASAPORTE">Pasaporte</option>
        </CampoSelect>
        <CampoTexto
          id="registro-documento"
          etiqueta="Número de documento"
          obligatorio
          autoComplete="off"
          ayuda={
            esRut ? 'RUT con guion y dígito verificador, por ejemplo 12.345.678-5' : 'Número de pasaporte, sin espacios'
          }
          error={form.error('documento')}
          {...form.control('documento')}
        />
        <CampoTexto
          id="registro-email"
          etiqueta="Correo electrónico"
          obligatorio
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.error('email')}
          {...form.control('email')}
        />
        <CampoTexto
          id="registro-telefono"
          etiqueta="Teléfono"
          obligatorio
          type="tel"
          autoComplete="tel"
          ayuda="Con código de país, por ejemplo +56 9 1234 5678"
          error={form.error('telefono')}
          {...form.control('telefono')}
        />
        <CamposNuevaPassword idBase="registro" etiqueta="Contraseña" form={form} />
        {rechazo ? (
          <p className="mensaje mensaje--error" role="alert">
            {rechazo}
          </p>
        ) : null}
        <button type="submit" className="boton boton--ancho" disabled={registro.isPending}>
          {registro.isPending ? 'Creando cuenta…' : 'Crear cuenta'}
        </button>
      </form>
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
    </section>
  )
}
