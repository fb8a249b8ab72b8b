/**
 * The HTTP error catalogue in one place (apicontract): every failure answers `{ success: false, errors, fieldErrors? }`
 * with a status from this module. Domain error codes of the core are mapped to statuses here and nowhere else.
 */
import type { DomainError } from '@finance/ledger-core/light'

export interface ErrorBody {
  success: false
  errors: string[]
  fieldErrors?: Record<string, string>
}

export class HttpError extends Error {
  override readonly name = 'HttpError'
  readonly statusCode: number
  readonly errors: string[]
  readonly fieldErrors?: Record<string, string>
  /** Response headers that go with the error (`retry-after` of a 429). */
  readonly headers: Record<string, string>
  constructor(
    statusCode: number,
    errors: string[],
    fieldErrors?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    super(errors.join(' '))
    this.statusCode = statusCode
    this.errors = errors
    this.fieldErrors = fieldErrors
    this.headers = headers
  }
  body(): ErrorBody {
    return this.fieldErrors && Object.keys(this.fieldErrors).length > 0
      ? { success: false, errors: this.errors, fieldErrors: this.fieldErrors }
      : { success: false, errors: this.errors }
  }
}

export const TOKEN_MARKER = '!Token'
export const unauthorized = () => new HttpError(401, [TOKEN_MARKER])
export const forbidden = () => new HttpError(403, ['Access denied'])
export const notFound = () => new HttpError(404, ['Not found'])
export const conflict = () => new HttpError(409, ['Conflict'])
export const TOO_MANY_REQUESTS = 'Too many requests, try again later'
/** 429 with the seconds until the limit's window ends. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, [TOO_MANY_REQUESTS], undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) })
export const badRequest = (errors: string[], fieldErrors?: Record<string, string>) =>
  new HttpError(400, errors, fieldErrors)

/** Field errors (in order) → the 400 of the contract; the first message of a field wins in `fieldErrors`. */
export function validationError(fields: readonly { field: string; message: string }[]): HttpError {
  const fieldErrors: Record<string, string> = {}
  const errors: string[] = []
  for (const f of fields) {
    if (!errors.includes(f.message)) errors.push(f.message)
    if (f.field && !(f.field in fieldErrors)) fieldErrors[f.field] = f.message
  }
  return badRequest(errors.length > 0 ? errors : ['Invalid request'], fieldErrors)
}

const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'ALREADY_DELETED', 'NOT_GENERATED'])

/** The one mapping of core `DomainError`s to HTTP. */
export function fromDomainError(error: DomainError): HttpError {
  if (NOT_FOUND_CODES.has(error.code)) return notFound()
  if (error.code === 'STALE_VERSION' || error.code === 'DUPLICATE') return new HttpError(409, [error.message])
  if (error.errors && error.errors.length > 0) return validationError(error.errors)
  return badRequest([error.message])
}
