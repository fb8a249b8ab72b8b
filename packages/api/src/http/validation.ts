/**
 * Request validation with the shared Effect Schemas. A route declares `schema: { body: body(LoginBody) }`: the
 * JSON Schema (from `JSONSchema.make`) documents the route in OpenAPI, and the validator compiler finds the Effect
 * Schema behind it and decodes with it, so the messages are the schema's own (SPEC §5) and bad input is a 400.
 */
import { BoundMessages, isDateInBounds, isLocalDate, isYearMonth, notADateMessage } from '@finance/ledger-core/light'
import * as Either from 'effect/Either'
import * as ParseResult from 'effect/ParseResult'
import * as Schema from 'effect/Schema'
import type { FastifySchemaCompiler } from 'fastify'
import { badRequest, type HttpError, validationError } from './errors.ts'
import { jsonSchemaOf } from './openapi.ts'

export { jsonSchemaOf }

const EFFECT = Symbol.for('finance.effectSchema')
// biome-ignore lint/suspicious/noExplicitAny: any Effect Schema, whatever its types
type AnySchema = Schema.Schema<any, any, never>
type Tagged = Record<string, unknown> & { [EFFECT]?: AnySchema }
/** Per route part: the Effect Schema and the messages for fields whose schema has none of its own. */
interface Entry {
  readonly schema: AnySchema
  readonly fallback: Readonly<Record<string, string>>
}
const registry = new WeakMap<object, Entry>()

/**
 * Attaches an Effect Schema to a route part (body, params, querystring). `fallback` names the message of a field
 * whose failures only carry the validator's own texts (e.g. a union of literals: "Expected "USER", actual …").
 */
export function effectSchema(
  schema: AnySchema,
  jsonSchema?: Record<string, unknown>,
  fallback: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const json: Tagged = { ...(jsonSchema ?? jsonSchemaOf(schema)) }
  Object.defineProperty(json, EFFECT, { value: schema, enumerable: false })
  registry.set(json, { schema, fallback })
  return json
}

const decodeOptions = { errors: 'all', onExcessProperty: 'ignore' } as const

export const NOT_AN_OBJECT = 'Request body must be a JSON object'

/** Effect's built-in texts ("Expected string, actual 5", "Unable to decode …"): never shown to a client. */
const isInternal = (message: string) => /^(Expected |Unable to decode |is missing$|is unexpected$)/.test(message)

/** `pageNumber` → 'Page number', `invoiceAddress.postCode` → 'Post code'. */
const fieldName = (field: string) => {
  const words = (field.split('.').at(-1) ?? field).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The decoder's issues → field messages: per field only the schema's own messages (SPEC §5); a field with none
 * gets its fallback, or "{Field name} is not valid".
 */
function fieldMessages(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback: Readonly<Record<string, string>>,
): { field: string; message: string }[] {
  const byField = new Map<string, string[]>()
  for (const issue of issues) {
    const field = issue.path.map(String).join('.')
    byField.set(field, [...(byField.get(field) ?? []), issue.message])
  }
  return [...byField].flatMap(([field, messages]) => {
    const own = messages.filter((m) => !isInternal(m))
    if (own.length > 0) return own.map((message) => ({ field, message }))
    return [{ field, message: fallbackOf(fallback, field) }]
  })
}

/**
 * The message of a field without one of its own: its fallback, else the nearest enclosing field's (`files.0` of a
 * list takes the list's, "Files must be a list of …"), else "{Field name} is not valid" named by the nearest field
 * that is not a list index.
 */
const fallbackOf = (fallback: Readonly<Record<string, string>>, field: string): string => {
  if (field === '') return fallback[field] ?? 'Invalid request'
  const parts = field.split('.')
  for (let n = parts.length; n > 0; n--) {
    const message = fallback[parts.slice(0, n).join('.')]
    if (message !== undefined) return message
  }
  const named = parts.filter((p) => !/^\d+$/.test(p)).join('.')
  return named === '' ? 'Invalid request' : `${fieldName(named)} is not valid`
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A JSON object whose fields a decider validates itself (a record's dataObject, a manual transaction): checked in
 * constant time, where `Schema.Record` would decode every key of a 256 KiB body of keys nobody reads.
 */
export const JsonObject = Schema.declare((u: unknown): u is Record<string, unknown> => isObject(u), {
  identifier: 'JsonObject',
  jsonSchema: { type: 'object' },
})

/** Fastify validator compiler: decodes with the attached Effect Schema; parts without one pass unchanged. */
export const effectValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const tagged = (schema as Tagged)[EFFECT]
  const entry = registry.get(schema as object) ?? (tagged ? { schema: tagged, fallback: {} } : undefined)
  if (!entry) return (value: unknown) => ({ value })
  const decode = Schema.decodeUnknownEither(entry.schema, decodeOptions)
  return (value: unknown) => {
    // Every body of the contract is a JSON object; no body at all reads as an empty one.
    if (httpPart === 'body' && value !== undefined && value !== null && !isObject(value))
      return { error: badRequest([NOT_AN_OBJECT]) }
    const result = decode(value ?? {})
    if (Either.isRight(result)) return { value: result.right }
    const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left)
    const error: HttpError & { validation?: unknown } = validationError(fieldMessages(issues, entry.fallback))
    return { error }
  }
}

// ---- Parameter schemas shared by routes ----

const message = (text: string) => ({ message: () => text })

const ID_MESSAGE = 'Id must be a positive whole number'

/**
 * A record id in a path: decimal digits only, so a whole number above 0 (`Number()` alone also read `0x1`, `+1`,
 * `01` and ` 1` as 1, and `DELETE /api/fee/1%20` deleted record 1), and a safe integer.
 */
export const PositiveIdFromString = Schema.String.pipe(
  Schema.pattern(/^[1-9]\d*$/, message(ID_MESSAGE)),
  Schema.compose(Schema.NumberFromString),
)
  .annotations(message(ID_MESSAGE))
  .pipe(Schema.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER, message(ID_MESSAGE)))

/**
 * A date parameter: `yyyy-mm-dd` inside the books' date window (the same bounds as every stored date). A day the
 * calendar has not (`2026-02-30`) is refused as such, not as a wrong format.
 */
const dateNamed = (label: string) => {
  const format = `${label} must be a date in format yyyy-mm-dd`
  return Schema.String.annotations(message(format)).pipe(
    Schema.filter((s) => isLocalDate(s), { message: (issue) => notADateMessage(label, issue.actual, format) }),
    Schema.filter((s) => isDateInBounds(s), message(BoundMessages.dateOutside(label))),
  )
}

export const DateParamSchema = dateNamed('Date')

export const IdParams = effectSchema(Schema.Struct({ id: PositiveIdFromString }), {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
})

export const DateParams = effectSchema(Schema.Struct({ date: DateParamSchema }), {
  type: 'object',
  properties: { date: { type: 'string', format: 'date' } },
  required: ['date'],
})

const MONTH_MESSAGE = 'Month must be in format yyyy-mm'

/** A `month` parameter: `yyyy-mm`, a month 01–12. */
export const MonthParams = effectSchema(
  Schema.Struct({
    month: Schema.String.annotations(message(MONTH_MESSAGE)).pipe(
      Schema.filter((s) => isYearMonth(s), message(MONTH_MESSAGE)),
    ),
  }),
  { type: 'object', required: ['month'], properties: { month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' } } },
)

export const DATE_RANGE_MESSAGE = 'The date range must not end before it starts'

/**
 * The filter of a struct with a `from` and a `to` (dates `yyyy-mm-dd`, or months): `to` not before `from` when both
 * are given. A reversed range is a 400 on `to`, not an empty answer that reads as "nothing in that period".
 */
export const orderedRange = (r: { readonly from?: string; readonly to?: string }) =>
  r.from === undefined || r.to === undefined || r.from <= r.to || { path: ['to'], message: DATE_RANGE_MESSAGE }

/** `{ from, to }`: two dates of the books' window, `to` not before `from`. */
/**
 * A range's two days, each named in its messages (`From is not a real date`, `From is required`): the fields of
 * `DateRangeSchema`, for a body that has more beside them.
 */
export const dateRangeFields = {
  from: Schema.propertySignature(dateNamed('From')).annotations({ missingMessage: () => 'From is required' }),
  to: Schema.propertySignature(dateNamed('To')).annotations({ missingMessage: () => 'To is required' }),
}

export const DateRangeSchema = Schema.Struct(dateRangeFields).pipe(Schema.filter(orderedRange))

export const DateRangeParams = effectSchema(DateRangeSchema, {
  type: 'object',
  properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
  required: ['from', 'to'],
})

export const BASE64_MESSAGE = 'File content must be base64 text'

const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/
const PADDING_AT_END = /^={1,2}\s*$/
const HAS_WHITESPACE = /\s/
const WHITESPACE = /\s/g

/**
 * Whether `s` is base64 (RFC 4648's alphabet; `=` padding only at the end; line breaks and spaces allowed, as MIME
 * writes them). Node's decoder skips any other character, so `"!!!"` or a file's raw text decoded to a few stray
 * bytes, reported as a file that is not UTF-8 instead of an upload that is not base64. Linear, and without a copy
 * of a large upload unless it has whitespace.
 */
export const isBase64 = (s: string): boolean => {
  if (NOT_BASE64.test(s)) return false
  const pad = s.indexOf('=')
  if (pad !== -1 && !PADDING_AT_END.test(s.slice(pad))) return false
  const data = HAS_WHITESPACE.test(s) ? s.replace(WHITESPACE, '').length : s.length
  return data % 4 !== 1 && (pad === -1 || data % 4 === 0)
}

/** An upload's base64 text of at most `max` characters; anything else (not text, not base64) reads `message`. */
export const base64Text = (max: number, message: string = BASE64_MESSAGE) =>
  Schema.String.annotations({ message: () => message }).pipe(
    Schema.maxLength(max, { message: () => message }),
    Schema.filter(isBase64, { message: () => message, jsonSchema: { contentEncoding: 'base64' } }),
  )

/** A string that must be one of `values`; every failure reads `text`. */
export const oneOf = <T extends string>(values: readonly T[], text: string) =>
  Schema.String.annotations(message(text)).pipe(
    Schema.filter((s): s is T => (values as readonly string[]).includes(s), message(text)),
  ) as unknown as Schema.Schema<T, string, never>

/** `{type}` restricted to a family of data types; anything else is 400 'Unknown data type'. */
export const typeParams = <T extends string>(types: readonly T[]) =>
  effectSchema(Schema.Struct({ type: oneOf(types, 'Unknown data type') }), {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: [...types] } },
  })

/** A request body schema; `fallback` as in `effectSchema`. */
export const body = (schema: AnySchema, fallback?: Readonly<Record<string, string>>) =>
  effectSchema(schema, undefined, fallback)
