// The roots of the query keys that a feature other than their own must refresh: a payment's
// outcome makes the enrolments (an installment paid) and the contests (a fee paid) out of date,
// and the payment feature may not import theirs (.oxlintrc.json, the features' zone).

export const CLAVE_SOLICITUDES = ['solicitudes'] as const
export const CLAVE_CONCURSOS = ['concursos'] as const
