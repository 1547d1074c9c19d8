// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, test } from 'vitest'
import { Dialogo } from './dialogo.tsx'

afterEach(cleanup)

/**
 * A row whose 'Publicar' opens a dialog; confirming turns the button into 'Cerrar' (at once, or
 * when the "server" answers, `tarde`), as the school's lists do.
 */
function Fila({ tarde = false }: { tarde?: boolean }) {
  const [publicado, setPublicado] = useState(false)
  const [abierto, setAbierto] = useState(false)
  return (
    <main tabIndex={-1}>
      <table>
        <tbody>
          <tr>
            <td>
              <button type="button">Editar</button>
            </td>
            <td>
              {publicado ? (
                <button key="cerrar" type="button">
                  Cerrar
                </button>
              ) : (
                <button key="publicar" type="button" onClick={() => setAbierto(true)}>
                  Publicar
                </button>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {abierto ? (
        <Dialogo
          titulo="Publicar el concurso"
          onCerrar={() => setAbierto(false)}
          acciones={
            <button
              type="button"
              onClick={() => {
                setAbierto(false)
                if (tarde) setTimeout(() => setPublicado(true), 10)
                else setPublicado(true)
              }}
            >
              Confirmar
            </button>
          }
        >
          <p>¿Publicarlo?</p>
        </Dialogo>
      ) : null}
    </main>
  )
}

function abrir() {
  const publicar = screen.getByRole('button', { name: 'Publicar' })
  publicar.focus()
  fireEvent.click(publicar)
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Publicar el concurso' }))
}

test('closing a dialog gives focus back to the button that opened it', () => {
  render(<Fila />)
  abrir()
  fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publicar' }))
})

test('when its action replaced that button, focus goes to what now stands in its place, not to the page', () => {
  render(<Fila />)
  abrir()
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }))
})

test('when the button is replaced a moment later (the list refreshed), focus follows it there', async () => {
  render(<Fila tarde />)
  abrir()
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publicar' }))
  await act(() => new Promise((r) => setTimeout(r, 50)))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }))
})
