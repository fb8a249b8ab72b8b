/**
 * Turns a failed call into what the forms show (SPEC §8): a save that answers 500 reads
 * 'Internal server error, validate your form data.'; a server that cannot be reached (status 0) reads
 * 'Response error, can not connect to API.', as the screens loaded meanwhile say (its status text, 'Unknown Error',
 * tells the user nothing); any other failure shows the status text and the server's errors list; field errors of a
 * 400 are shown next to their fields.
 */

export interface ShownError {
  errors: string[]
  fieldErrors: Record<string, string>
}

interface ApiErrorLike {
  status?: unknown
  statusText?: unknown
  errors?: unknown
  fieldErrors?: unknown
  message?: unknown
}

/** A form machine's notice: the messages joined for one popup, and listed. */
export const notice = (level: 'info' | 'error', messages: readonly string[]) => ({
  type: 'notify' as const,
  level,
  message: messages.join(' '),
  messages: [...messages],
})

export const INTERNAL_ERROR = 'Internal server error, validate your form data.'
export const CONNECTION_ERROR = 'Response error, can not connect to API.'

const asStrings = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((e): e is string => typeof e === 'string') : []

/** `status` of an `ApiError`-like value, `undefined` for anything else. */
export const statusOf = (error: unknown): number | undefined => {
  const s = (error as ApiErrorLike | null)?.status
  return typeof s === 'number' ? s : undefined
}

export const saveErrorOf = (error: unknown): ShownError => {
  const e = (error ?? {}) as ApiErrorLike
  const status = statusOf(error)
  if (status !== undefined && status >= 500) return { errors: [INTERNAL_ERROR], fieldErrors: {} }
  if (status === 0) return { errors: [CONNECTION_ERROR], fieldErrors: {} }
  // A 409 explains itself ("changed elsewhere"): its message alone, without the status text.
  if (status === 409 && asStrings(e.errors).length > 0) return { errors: asStrings(e.errors), fieldErrors: {} }
  const fieldErrors: Record<string, string> = {}
  if (e.fieldErrors && typeof e.fieldErrors === 'object') {
    for (const [k, v] of Object.entries(e.fieldErrors as Record<string, unknown>))
      if (typeof v === 'string') fieldErrors[k] = v
  }
  const errors: string[] = []
  if (typeof e.statusText === 'string' && e.statusText !== '') errors.push(e.statusText)
  errors.push(...asStrings(e.errors))
  if (errors.length === 0) errors.push(typeof e.message === 'string' && e.message !== '' ? e.message : 'Unknown Error')
  return { errors, fieldErrors }
}

/**
 * What a failed read shows (SPEC §8: a 404 is silent and handled before this; any other error is shown):
 * 'Response error, can not connect to API.' when the API is unreachable (status 0), else the status text and
 * the server's errors.
 */
export const loadErrorOf = (error: unknown): ShownError => {
  const status = statusOf(error)
  if (status === 0) return { errors: [CONNECTION_ERROR], fieldErrors: {} }
  const e = (error ?? {}) as ApiErrorLike
  const errors: string[] = []
  if (typeof e.statusText === 'string' && e.statusText !== '') errors.push(e.statusText)
  errors.push(...asStrings(e.errors))
  if (errors.length === 0) errors.push(typeof e.message === 'string' && e.message !== '' ? e.message : 'Unknown Error')
  return { errors, fieldErrors: {} }
}
