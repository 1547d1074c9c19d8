import { Link } from '@tanstack/react-router'

/**
 * Where a screen asks for personal data, the policy that says what is done with it. In a form
 * being filled (the survey), it opens in a new tab so nothing typed is left behind.
 */
export function EnlacePrivacidad({ nuevaPestana = false }: { nuevaPestana?: boolean }) {
  return (
    <p className="enlace-privacidad">
      Cómo tratamos sus datos:{' '}
      {nuevaPestana ? (
        <Link to="/privacidad" target="_blank" rel="noopener">
          Política de privacidad (se abre en otra pestaña)
        </Link>
      ) : (
        <Link to="/privacidad">Política de privacidad</Link>
      )}
      .
    </p>
  )
}
