/**
 * The privacy policy (art. 14 ter of Ley 19.628 as amended by Ley 21.719: a public, permanent
 * policy naming the controller, its contact, the categories, purposes, bases, recipients,
 * security, rights and how to use them, the complaint to the Agencia, transfers abroad,
 * retention, source and consent withdrawal). Built from the registry (registro-datos.ts) and
 * the school's details, so it never says something the portal does not do.
 *
 * Each version is declared here with its date and what changed: a signed-in student sees a new
 * version once, with its changes, and the server keeps every version's text as it was published.
 */
import {
  BASES_LEGALES,
  DESTINATARIOS,
  REGISTRO_DATOS,
  type CategoriaDatos,
  type Destinatario,
} from './registro-datos.ts'

export type VersionPolitica = {
  /** Increases with each change the students must be told of. */
  version: number
  /** 'yyyy-mm-dd', Chile. */
  vigenteDesde: string
  cambios: readonly string[]
}

export const VERSIONES_POLITICA: readonly VersionPolitica[] = [
  {
    version: 1,
    vigenteDesde: '2026-12-01',
    cambios: [
      'Publicamos nuestra política de privacidad según la Ley 21.719: qué datos guardamos, para qué, con quién los compartimos, por cuánto tiempo y cómo ejercer sus derechos.',
    ],
  },
]

export const VERSION_VIGENTE: VersionPolitica = VERSIONES_POLITICA[VERSIONES_POLITICA.length - 1]!

/** The controller (responsable) and where the file store keeps the files: the deployment's. */
export type DatosResponsable = {
  nombre: string
  domicilio: string
  correo: string
  /** The country where uploaded files are kept (the disk's or the S3 bucket's). */
  paisAlmacen: string
}

export const RECLAMO_ANTE_LA_AGENCIA =
  'Si no está conforme con la respuesta, o no recibe una dentro del plazo, puede reclamar ante la Agencia de Protección de Datos Personales dentro de 30 días hábiles.'

export const DERECHOS: readonly { nombre: string; descripcion: string }[] = [
  {
    nombre: 'Acceso',
    descripcion:
      'Saber qué datos suyos tenemos, para qué, de dónde vienen, a quién los comunicamos y por cuánto tiempo.',
  },
  { nombre: 'Rectificación', descripcion: 'Corregir un dato inexacto o incompleto.' },
  {
    nombre: 'Supresión',
    descripcion: 'Pedir que eliminemos sus datos, salvo los que la ley o un contrato nos obligan a conservar.',
  },
  { nombre: 'Oposición', descripcion: 'Oponerse a un tratamiento que se basa en el interés legítimo de la escuela.' },
  {
    nombre: 'Portabilidad',
    descripcion: 'Recibir sus datos en un formato estructurado y de uso común.',
  },
  { nombre: 'Bloqueo', descripcion: 'Pedir que suspendamos temporalmente el tratamiento de sus datos.' },
]

export const PLAZOS_RESPUESTA =
  'Respondemos por escrito dentro de 30 días corridos, prorrogables una vez por otros 30 con su motivo; un bloqueo, dentro de 2 días hábiles. Ejercer sus derechos es gratuito.'

export const SEGURIDAD =
  'Las contraseñas se guardan cifradas; el personal de la escuela ingresa con un segundo factor y ve solo lo que su función requiere; cada acción del personal sobre sus datos queda registrada; las conexiones van cifradas (HTTPS).'

export type CategoriaPolitica = Pick<
  CategoriaDatos,
  'nombre' | 'contenido' | 'finalidad' | 'baseDetalle' | 'sensible' | 'fuente' | 'suprimible'
> & {
  id: string
  base: string
  destinatarios: string[]
  conservacion: string
  alTermino: string
}

export type PoliticaPrivacidad = VersionPolitica & {
  responsable: DatosResponsable
  categorias: CategoriaPolitica[]
  derechos: typeof DERECHOS
  plazos: string
  agencia: string
  seguridad: string
  transferencias: string
  comoEjercer: string
  consentimiento: string
}

const AL_TERMINO = { eliminar: 'Se eliminan.', anonimizar: 'Se anonimizan.', conservar: 'Se conservan.' } as const

function destinatario(d: Destinatario, responsable: DatosResponsable): string {
  return d === 'almacen' ? `${DESTINATARIOS.almacen}, en ${responsable.paisAlmacen}` : DESTINATARIOS[d]
}

/** The policy as published: the registry's categories in words, with the school's details. */
export function construirPolitica(responsable: DatosResponsable, version = VERSION_VIGENTE): PoliticaPrivacidad {
  const categorias = (Object.entries(REGISTRO_DATOS) as [string, CategoriaDatos][])
    // The staff's own accounts are the school's employees' data, not a student's: their notice is
    // the school's internal policy. Everything a student or applicant gives or gets is here.
    .filter(([id]) => id !== 'personal' && id !== 'terceros')
    .map(([id, c]) => ({
      id,
      nombre: c.nombre,
      contenido: c.contenido,
      finalidad: c.finalidad,
      base: BASES_LEGALES[c.base],
      baseDetalle: c.baseDetalle,
      sensible: c.sensible,
      destinatarios: c.destinatarios.map((d) => destinatario(d, responsable)),
      fuente: c.fuente,
      conservacion: c.conservacion.plazo,
      alTermino: `${AL_TERMINO[c.conservacion.fin]} ${c.conservacion.porque}`,
      suprimible: c.suprimible,
    }))
  return {
    ...version,
    responsable,
    categorias,
    derechos: DERECHOS,
    plazos: PLAZOS_RESPUESTA,
    agencia: RECLAMO_ANTE_LA_AGENCIA,
    seguridad: SEGURIDAD,
    comoEjercer: `Escriba a ${responsable.correo} desde el correo con el que ingresa al portal, diciendo qué derecho ejerce y sobre qué datos. Le confirmaremos la recepción con el plazo de respuesta.`,
    consentimiento:
      'Donde la base es su consentimiento (las preguntas de la encuesta sobre discapacidad y sobre pueblos originarios, las notificaciones en su dispositivo), puede retirarlo en cualquier momento: el de la encuesta, con «Retirar consentimiento» en Información Personal, y sus respuestas se eliminan; las notificaciones, en «Avisos y recordatorios» o en su navegador. Retirarlo no afecta lo hecho antes.',
    transferencias: `Los archivos que usted sube se guardan en ${responsable.paisAlmacen}. Si activa las notificaciones, la dirección de su dispositivo la administra el servicio de su navegador, fuera de Chile. Cada proveedor trata los datos por encargo de la escuela, bajo contrato.`,
  }
}
