/**
 * Request validation with the shared Effect Schemas. A route declares `schema: { body: body(LoginBody) }`: the
 * JSON Schema (from `JSONSchema.make`) documents the route in OpenAPI, and the validator compiler finds the Effect
 * Schema behind it and decodes with it, so the messages are the schema's own (SPEC §5) and bad input is a 400.
 */
import { isLocalDate } from '@finance/ledger-core/calendar.ts'
import { Either, JSONSchema, ParseResult, Schema } from 'effect'
import type { FastifySchemaCompiler } from 'fastify'
import { type HttpError, validationError } from './errors.ts'

const EFFECT = Symbol.for('finance.effectSchema')
// biome-ignore lint/suspicious/noExplicitAny: any Effect Schema, whatever its types
type AnySchema = Schema.Schema<any, any, never>
type Tagged = Record<string, unknown> & { [EFFECT]?: AnySchema }
const registry = new WeakMap<object, AnySchema>()

/** JSON Schema for OpenAPI; falls back to an open object when a schema has no JSON Schema form. */
export function jsonSchemaOf(schema: AnySchema): Record<string, unknown> {
  try {
    const { $schema: _drop, ...rest } = JSONSchema.make(schema) as unknown as Record<string, unknown>
    return rest
  } catch {
    return { type: 'object' }
  }
}

/** Attaches an Effect Schema to a route part (body, params, querystring). */
export function effectSchema(schema: AnySchema, jsonSchema?: Record<string, unknown>): Record<string, unknown> {
  const json: Tagged = { ...(jsonSchema ?? jsonSchemaOf(schema)) }
  Object.defineProperty(json, EFFECT, { value: schema, enumerable: false })
  registry.set(json, schema)
  return json
}

const decodeOptions = { errors: 'all', onExcessProperty: 'ignore' } as const

/** Fastify validator compiler: decodes with the attached Effect Schema; parts without one pass unchanged. */
export const effectValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const effect = registry.get(schema as object) ?? (schema as Tagged)[EFFECT]
  if (!effect) return (value: unknown) => ({ value })
  const decode = Schema.decodeUnknownEither(effect, decodeOptions)
  return (value: unknown) => {
    const result = decode(value ?? {})
    if (Either.isRight(result)) return { value: result.right }
    const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left)
    const error: HttpError & { validation?: unknown } = validationError(
      issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
    )
    return { error }
  }
}

// ---- Parameter schemas shared by routes ----

const message = (text: string) => ({ message: () => text })

export const PositiveIdFromString = Schema.NumberFromString.annotations(
  message('Id must be a positive whole number'),
).pipe(
  Schema.int(message('Id must be a positive whole number')),
  Schema.positive(message('Id must be a positive whole number')),
  Schema.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER, message('Id must be a positive whole number')),
)

export const DateParamSchema = Schema.String.annotations(message('Date must be a date in format yyyy-mm-dd')).pipe(
  Schema.filter((s) => isLocalDate(s), message('Date must be a date in format yyyy-mm-dd')),
)

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

export const DateRangeParams = effectSchema(Schema.Struct({ from: DateParamSchema, to: DateParamSchema }), {
  type: 'object',
  properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
  required: ['from', 'to'],
})

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

export const body = (schema: AnySchema) => effectSchema(schema)
