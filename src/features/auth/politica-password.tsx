import { PASSWORD_ESPECIALES, PASSWORD_MIN_LENGTH } from '../../domain/password.ts'

/** The password policy in words (spec 5 'New password'), shown under every new-password field. */
export function PoliticaPassword() {
  return (
    <>
      Al menos {PASSWORD_MIN_LENGTH} caracteres, con un número, una letra mayúscula y una letra minúscula. Caracteres especiales
      permitidos: {PASSWORD_ESPECIALES}
    </>
  )
}
