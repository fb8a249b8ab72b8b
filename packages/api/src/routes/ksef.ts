/**
 * KSeF and JPK_V7:
 * - `POST /api/ksef/import`: FA(3) files (as downloaded from KSeF) become incomes or expenses, per file reported;
 * - `GET /api/ksef/invoices/:id/fa3`: the FA(3) XML of a one-time company income, to send to KSeF;
 * - `PUT /api/ksef/invoices/:id/ksef-number`: the KSeF number KSeF gave it;
 * - `GET /api/jpk/v7/:period`: the JPK_V7M / JPK_V7K file of a month or a quarter.
 * Sending to KSeF and fetching received invoices: `ksefOnline.ts` (docs/ksef.md).
 */
import { Buffer } from 'node:buffer'
import { importInvoices, issueInvoice, SchemaFailure, V7_PERIOD, v7File } from '@finance/books'
import { type Item, isValidKsefNumber, recordById } from '@finance/ledger-core'
import { Schema } from 'effect'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, notFound, validationError } from '../http/errors.ts'
import { base64Text, body, effectSchema, IdParams, oneOf } from '../http/validation.ts'
import { booksOf, run } from './books.ts'

/** Files per import request: each request validates its files in one run of libxml2 (a fixed ~0.3 s), so batches are large; the web sends larger selections in turns. */
export const MAX_FILES_PER_IMPORT = 250
/** The body of an import: 250 invoices of ordinary size (a few kB each), or a few large ones. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024

const text = (message: string, max: number) =>
  Schema.String.annotations({ message: () => message }).pipe(Schema.maxLength(max, { message: () => message }))

const FileSchema = Schema.Struct({
  fileName: text('File name must be text of at most 255 characters', 255),
  xml: Schema.optional(text('File content must be text', IMPORT_BODY_LIMIT)),
  base64: Schema.optional(base64Text(IMPORT_BODY_LIMIT)),
  ksefNumber: Schema.optional(Schema.NullOr(text('KSeF number must be text', 64))),
})

const ImportBody = body(
  Schema.Struct({
    files: Schema.Array(FileSchema).pipe(
      Schema.minItems(1, { message: () => 'Choose at least one file' }),
      Schema.maxItems(MAX_FILES_PER_IMPORT, { message: () => `At most ${MAX_FILES_PER_IMPORT} files at once` }),
    ),
  }),
  { files: 'Files must be a list of { fileName, xml or base64, ksefNumber }' },
)

const FA3Query = effectSchema(
  Schema.Struct({
    exemptionBasis: Schema.optional(text('Exemption basis must be text of at most 256 characters', 256)),
  }),
  {
    type: 'object',
    properties: { exemptionBasis: { type: 'string', description: 'P_19A: the legal basis of an exempt sale' } },
  },
)

const KsefNumberBody = body(Schema.Struct({ ksefNumber: Schema.NullOr(text('KSeF number must be text', 64)) }), {
  ksefNumber: 'KSeF number must be text',
})

const PERIOD_MESSAGE = 'Period must be a month (2026-03) or a quarter (2026-Q1)'
const PeriodParams = effectSchema(
  Schema.Struct({
    period: Schema.String.annotations({ message: () => PERIOD_MESSAGE }).pipe(
      Schema.filter((s) => V7_PERIOD.test(s) && Number(s.slice(0, 4)) >= 2000 && Number(s.slice(0, 4)) <= 2099, {
        message: () => PERIOD_MESSAGE,
      }),
    ),
  }),
  { type: 'object', required: ['period'], properties: { period: { type: 'string', example: '2026-03' } } },
)
const V7Query = effectSchema(
  Schema.Struct({
    purpose: Schema.optional(oneOf(['1', '2'] as const, 'Purpose must be 1 (first filing) or 2 (correction)')),
  }),
  {
    type: 'object',
    properties: { purpose: { type: 'string', enum: ['1', '2'], description: 'CelZlozenia; default 1' } },
  },
)

/** Our writer made a document its schema refuses: logged, and a 500 that hands out nothing. */
const schemaFailure = (request: FastifyRequest, e: SchemaFailure) => {
  request.log.error({ schema: e.schema, errors: e.errors.slice(0, 20) }, 'a written document failed its schema')
  return new HttpError(500, ['The file did not pass its schema; nothing was sent'])
}

const sendXml = (reply: FastifyReply, xml: string, fileName: string, headers: Record<string, string> = {}) => {
  for (const [k, v] of Object.entries(headers)) void reply.header(k, v)
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(xml)
}

export default async function ksefRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }

  app.post(
    '/api/ksef/import',
    { ...auth, bodyLimit: IMPORT_BODY_LIMIT, schema: { tags: ['ksef'], body: ImportBody } },
    async (request) => {
      const { files } = request.body as {
        files: readonly { fileName: string; xml?: string; base64?: string; ksefNumber?: string | null }[]
      }
      const errors: { field: string; message: string }[] = []
      const inputs = files.map((f, i) => {
        if ((f.xml === undefined) === (f.base64 === undefined))
          errors.push({ field: `files.${i}`, message: 'Give each file as xml text or as base64' })
        return {
          fileName: f.fileName,
          content: f.base64 !== undefined ? new Uint8Array(Buffer.from(f.base64, 'base64')) : (f.xml ?? ''),
          ksefNumber: f.ksefNumber ?? null,
        }
      })
      if (errors.length > 0) throw validationError(errors)
      return importInvoices(app.finance.store, request.user.sub, inputs, app.finance.now, {
        correlationId: String(request.id),
      })
    },
  )

  app.get(
    '/api/ksef/invoices/:id/fa3',
    { ...auth, schema: { tags: ['ksef'], params: IdParams, querystring: FA3Query } },
    async (request, reply) => {
      const { id } = request.params as { id: number }
      const q = request.query as { exemptionBasis?: string }
      const { state } = await booksOf(app, request)
      try {
        const result = await issueInvoice(state, id, { exemptionBasis: q.exemptionBasis, now: app.finance.now() })
        if (!result.ok) throw result.status === 404 ? notFound() : validationError(result.problems)
        return sendXml(reply, result.xml, result.fileName)
      } catch (e) {
        if (e instanceof SchemaFailure) throw schemaFailure(request, e)
        throw e
      }
    },
  )

  app.put(
    '/api/ksef/invoices/:id/ksef-number',
    { ...auth, schema: { tags: ['ksef'], params: IdParams, body: KsefNumberBody } },
    async (request) => {
      const { id } = request.params as { id: number }
      const { ksefNumber } = request.body as { ksefNumber: string | null }
      const { state } = await booksOf(app, request)
      const r = state.records.get(id)
      if (!r || r.deleted || (r.dataType !== 'Income' && r.dataType !== 'Expense')) throw notFound()
      const number = ksefNumber === null || ksefNumber.trim() === '' ? null : ksefNumber.trim().toUpperCase()
      if (number !== null && !isValidKsefNumber(number))
        throw validationError([{ field: 'ksefNumber', message: 'KSeF number is not valid' }])
      const item = r.data as Item
      if (item.ksefNumber === number) return recordById(state, id)
      const executed = await run(app, request, {
        type: 'UpdateItem',
        dataType: r.dataType,
        id,
        data: { ...item, ksefNumber: number, ksefMarker: number === null ? item.ksefMarker : null },
      })
      return recordById(executed.state, id)
    },
  )

  app.get(
    '/api/jpk/v7/:period',
    { ...auth, schema: { tags: ['ksef'], params: PeriodParams, querystring: V7Query } },
    async (request, reply) => {
      const { period } = request.params as { period: string }
      const q = request.query as { purpose?: '1' | '2' }
      const { state } = await booksOf(app, request)
      try {
        const result = await v7File(state, period, { purpose: q.purpose === '2' ? 2 : 1, now: app.finance.now() })
        if (!result.ok) throw validationError(result.problems)
        return sendXml(reply, result.xml, result.fileName, {
          'x-finance-schema': `${result.schema}; ${result.official ? 'official' : 'derived'}`,
          'x-finance-default-markers': String(result.defaultedMarkers.length),
        })
      } catch (e) {
        if (e instanceof SchemaFailure) throw schemaFailure(request, e)
        throw e
      }
    },
  )
}
