/**
 * Error codes of the core. The core never throws for bad user input: deciders return a `DomainError` and
 * `validateRecord` returns `FieldError`s. Messages are SPEC §5's English texts; the API maps codes to HTTP
 * statuses and the web translates messages by their text (Lingui).
 */

export type ErrorCode =
  | 'REQUIRED'
  | 'INVALID_EMAIL'
  | 'INVALID_MONEY'
  | 'INVALID_PERCENT'
  | 'INVALID_DATE'
  | 'INVALID_INTEGER'
  | 'INVALID_CHOICE'
  | 'INVALID_TEXT'
  | 'VALIDATION'
  | 'NO_CHANGES'
  | 'NOT_FOUND'
  | 'ALREADY_DELETED'
  | 'UNKNOWN_DATA_TYPE'
  | 'NOT_GENERATED'
  | 'STALE_VERSION'
  | 'DUPLICATE'

/** One invalid field: `field` is the dataObject path (`date`, `invoiceAddress.postCode`). */
export interface FieldError {
  readonly field: string
  readonly code: ErrorCode
  readonly message: string
}

/** What a decider returns instead of events when a command cannot be carried out. */
/** A loose input checked: its normalized value, or every field in error. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] }

export interface DomainError {
  readonly code: ErrorCode
  readonly message: string
  readonly errors?: readonly FieldError[]
}

/** SPEC §5 / HTTP contract messages of the domain errors. */
export const ErrorMessages = {
  NO_CHANGES: 'No changes on the form',
  NOT_FOUND: 'Not found',
  ALREADY_DELETED: 'Already deleted',
  UNKNOWN_DATA_TYPE: 'Unknown data type',
  VALIDATION: 'Validation failed',
  NOT_GENERATED: 'Transaction not found',
  STALE_VERSION: 'This record was changed elsewhere. Reload it to see the latest version.',
  DUPLICATE: 'This document is already in the books',
} as const

export const domainError = (code: ErrorCode, message?: string, errors?: readonly FieldError[]): DomainError =>
  errors === undefined
    ? { code, message: message ?? (ErrorMessages as Record<string, string>)[code] ?? code }
    : { code, message: message ?? (ErrorMessages as Record<string, string>)[code] ?? code, errors }

/** `true` for a `DomainError` (as opposed to an array of events). */
export const isDomainError = (x: unknown): x is DomainError =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as { code?: unknown }).code === 'string'

/** The entry of `id` in `entries` that is not deleted, or why there is none: `NOT_FOUND`, `ALREADY_DELETED`. */
export const liveEntry = <V extends { readonly deleted: boolean }>(
  entries: ReadonlyMap<number, V>,
  id: unknown,
): V | DomainError => {
  const v = typeof id === 'number' && Number.isSafeInteger(id) ? entries.get(id) : undefined
  if (!v) return domainError('NOT_FOUND')
  if (v.deleted) return domainError('ALREADY_DELETED')
  return v
}

/** Thrown by `upcast` for an event type or version the core does not know. */
export class UnknownEventError extends Error {
  override readonly name = 'UnknownEventError'
  readonly type: string
  readonly schemaVersion: number
  constructor(type: string, schemaVersion: number) {
    super(`Unknown event ${type} v${schemaVersion}`)
    this.type = type
    this.schemaVersion = schemaVersion
  }
}
