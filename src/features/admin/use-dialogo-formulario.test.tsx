// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, expect, test, vi } from 'vitest'
import { ApiError } from '../../lib/api-error.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { useDialogoFormulario } from './use-dialogo-formulario.ts'

afterEach(cleanup)

const schema = v.object({
  nombre: v.pipe(v.string(), v.nonEmpty('Escriba el nombre.')),
  email: v.pipe(v.string(), v.nonEmpty('Escriba el correo.')),
})

function Formulario({
  enviarDatos,
  alEnviar,
}: {
  enviarDatos: (d: unknown) => Promise<unknown>
  alEnviar: () => void
}) {
  const { form, mutacion, enviar } = useDialogoFormulario({
    schema,
    inicial: { nombre: '', email: '' },
    enviarDatos,
    alEnviar,
  })
  return (
    <form onSubmit={enviar} noValidate>
      <CampoTexto id="f-nombre" etiqueta="Nombre" {...form.campo('nombre')} />
      <CampoTexto id="f-email" etiqueta="Correo" {...form.campo('email')} />
      <button type="submit">{mutacion.isPending ? 'Guardando…' : 'Guardar'}</button>
    </form>
  )
}

function montar(enviarDatos: (d: unknown) => Promise<unknown>, alEnviar = vi.fn()) {
  const cliente = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={cliente}>
      <Formulario enviarDatos={enviarDatos} alEnviar={alEnviar} />
    </QueryClientProvider>,
  )
  return alEnviar
}

test('an invalid form is not sent, and its messages show', async () => {
  const enviarDatos = vi.fn(() => Promise.resolve({}))
  montar(enviarDatos)
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
  await screen.findByText('Escriba el nombre.')
  expect(enviarDatos).not.toHaveBeenCalled()
})

test("the schema's output is sent once; the server's field messages show on their field, which gets the focus", async () => {
  const enviarDatos = vi.fn(() =>
    Promise.reject(new ApiError(400, 'Revise los datos.', { campos: { email: 'El correo ya está registrado.' } })),
  )
  const alEnviar = montar(enviarDatos)
  fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'Ana' } })
  fireEvent.change(screen.getByLabelText(/Correo/), { target: { value: 'ana@example.cl' } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
  })
  expect(enviarDatos).toHaveBeenCalledOnce()
  expect(enviarDatos).toHaveBeenCalledWith({ nombre: 'Ana', email: 'ana@example.cl' }, expect.anything())
  await screen.findByText('El correo ya está registrado.')
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Correo/)), { timeout: 5000 })
  expect(alEnviar).not.toHaveBeenCalled()
})

test('a success calls alEnviar with the reply', async () => {
  const alEnviar = montar(() => Promise.resolve({ ok: 1 }))
  fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'Ana' } })
  fireEvent.change(screen.getByLabelText(/Correo/), { target: { value: 'ana@example.cl' } })
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
  await waitFor(() => expect(alEnviar).toHaveBeenCalledWith({ ok: 1 }))
})
