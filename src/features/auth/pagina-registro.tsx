import { useMutation } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { registroSchema } from '../../domain/registro.ts'
import { formatearRut, rutValido } from '../../domain/rut.ts'
import { normalizarTelefono, PREFIJO_TELEFONO_CHILE } from '../../domain/telefono.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { sesionDesdeRespuesta } from '../../lib/session.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { CampoSelect, CampoTexto } from '../../ui/campo.tsx'
import { toast } from '../../ui/toasts.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { avisarError } from './manejar-error.ts'
import { CamposNuevaPassword } from '../../ui/campos-nueva-password.tsx'
import { authMutations } from './queries.ts'
import { useEntrar } from './use-entrar.ts'
import { EnlacePrivacidad } from '../../ui/enlace-privacidad.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/**
 * Registration, reached from the contest flow. The new account is signed in at once and goes on
 * to where the applicant was going (the contest's fee), as a sign-in would.
 */
export function PaginaRegistro() {
  useTituloPagina('Crear cuenta')
  const router = useRouter()
  const entrar = useEntrar()
  const [rechazo, setRechazo] = useState<string | null>(null)
  const form = useFormulario(registroSchema, {
    nombres: '',
    apellidos: '',
    tipoDocumento: 'RUT',
    documento: '',
    email: '',
    telefono: PREFIJO_TELEFONO_CHILE,
    password: '',
    confirmacion: '',
  })
  const registro = useMutation({
    ...authMutations.registro(),
    onSuccess(respuesta, datos) {
      const sesion = sesionDesdeRespuesta(respuesta)
      toast({ tipo: 'success', mensaje: respuesta.message })
      if (!sesion) {
        void router.navigate({ to: '/login', search: { email: datos.email } })
        return
      }
      entrar(sesion)
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
  const documento = form.campo('documento')
  const telefono = form.campo('telefono')
  return (
    <section className="pagina pagina--estrecha">
      <h1>Crear cuenta</h1>
      <p>Complete sus datos para postular. Los campos marcados con * son obligatorios.</p>
      <form className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id="registro-nombres"
          etiqueta="Nombres"
          obligatorio
          autoComplete="given-name"
          {...form.campo('nombres')}
        />
        <CampoTexto
          id="registro-apellidos"
          etiqueta="Apellidos"
          obligatorio
          autoComplete="family-name"
          {...form.campo('apellidos')}
        />
        <CampoSelect
          id="registro-tipo-documento"
          etiqueta="Tipo de documento"
          obligatorio
          {...form.campo('tipoDocumento')}
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
            esRut
              ? 'Con o sin puntos y guion, con su dígito verificador: 12.345.678-5 o 123456785'
              : 'Número de pasaporte, sin espacios'
          }
          {...documento}
          // A valid RUT is shown back as the school writes it: 12.345.678-5.
          onBlur={() => {
            documento.onBlur()
            if (esRut && rutValido(documento.value)) form.cambiar('documento', formatearRut(documento.value))
          }}
        />
        <CampoTexto
          id="registro-email"
          etiqueta="Correo electrónico"
          obligatorio
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.campo('email')}
        />
        <CampoTexto
          id="registro-telefono"
          etiqueta="Teléfono"
          obligatorio
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          ayuda="Su celular de 9 dígitos (9 1234 5678), o con el código de su país si no es chileno"
          {...telefono}
          onBlur={() => {
            telefono.onBlur()
            form.cambiar('telefono', normalizarTelefono(telefono.value) || PREFIJO_TELEFONO_CHILE)
          }}
        />
        <CamposNuevaPassword idBase="registro" etiqueta="Contraseña" form={form} />
        {rechazo ? <MensajeError>{rechazo}</MensajeError> : null}
        <button type="submit" className="boton boton--ancho" disabled={registro.isPending}>
          {registro.isPending ? 'Creando cuenta…' : 'Crear cuenta'}
        </button>
      </form>
      <EnlacePrivacidad />
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
    </section>
  )
}
