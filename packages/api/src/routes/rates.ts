/**
 * `rates/*`: NBP table A rates for foreign-currency items (docs/api.md, "Rates"; docs/tax-rules.md, "Foreign
 * currency"):
 * - `GET /api/rates?from&to`: the tables the books hold;
 * - `POST /api/rates/import`: the NBP's yearly archive `archiwum_tab_a_YYYY.csv` a user supplies (text or base64);
 * - `POST /api/rates/fetch`: table A from the NBP web API for a range of days (502 when the NBP cannot be asked);
 * - `POST /api/rates/ecb/import`, `POST /api/rates/ecb/fetch`: the ECB's reference rates (the history file a user
 *   supplies, CSV or XML; the ECB's published XML) for taxpayers who chose them for VAT (uVAT art. 31a ust. 1 zdanie drugie);
 * - `POST /api/rates/preview`: what an income or expense in a currency would be saved as (the złoty amounts and the
 *   tables used), for the form to show before saving.
 * The books decide and keep the rates (events), so a replay gives the same figures.
 */
import { Buffer } from 'node:buffer'
import {
  EcbWebRates,
  fetchEcbRates,
  fetchRates,
  importEcbHistory,
  importRatesArchive,
  NbpWebRates,
  previewConversion,
  RatesUnavailable,
  ratesHeld,
} from '@finance/books'
import { type DomainError, isDomainError } from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance } from 'fastify'
import { fromDomainError, HttpError, validationError } from '../http/errors.ts'
import {
  base64Text,
  body,
  dateRangeFields,
  DateRangeSchema,
  effectSchema,
  JsonObject,
  orderedRange,
} from '../http/validation.ts'
import { booksOf } from './books.ts'

/** An archive is a year of tables: about 60 kB; anything far larger is not one. */
const ARCHIVE_LIMIT = 1024 * 1024
/** The ECB's whole history since 1999 is about 1.7 MB of CSV. */
const ECB_LIMIT = 4 * 1024 * 1024

const text = (message: string, max: number) =>
  Schema.String.annotations({ message: () => message }).pipe(Schema.maxLength(max, { message: () => message }))

const ImportBody = body(
  Schema.Struct({
    fileName: Schema.optional(text('File name must be text of at most 255 characters', 255)),
    csv: Schema.optional(text('File content must be text', ARCHIVE_LIMIT)),
    base64: Schema.optional(base64Text(ARCHIVE_LIMIT * 2)),
  }),
)

const EcbImportBody = body(
  Schema.Struct({
    fileName: Schema.optional(text('File name must be text of at most 255 characters', 255)),
    csv: Schema.optional(text('File content must be text', ECB_LIMIT)),
    base64: Schema.optional(base64Text(ECB_LIMIT * 2)),
  }),
)

const RangeBody = body(
  Schema.Struct({
    ...dateRangeFields,
    /** NBP table A (absent) or B. */
    table: Schema.optional(Schema.Literal('A', 'B').annotations({ message: () => 'Table must be A or B' })),
  }).pipe(Schema.filter(orderedRange)),
)
// A reversed range is the same 400 on `to` as every other range of the API (`orderedRange`).
const EcbRangeBody = body(DateRangeSchema)

const RangeQuery = effectSchema(DateRangeSchema, {
  type: 'object',
  required: ['from', 'to'],
  properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
})

const PreviewBody = body(
  Schema.Struct({
    dataType: Schema.String.annotations({ message: () => 'Unknown data type' }),
    data: JsonObject,
  }),
)

/** A recording through a port: its answer, a 400 of its validation, or a 502 when the source cannot be asked. */
const unavailableAs502 = async <T>(run: () => Promise<T | DomainError>): Promise<T> => {
  try {
    const done = await run()
    if (isDomainError(done)) throw fromDomainError(done)
    return done as T
  } catch (err) {
    if (err instanceof RatesUnavailable) throw new HttpError(502, [err.message])
    throw err
  }
}

/** The file of an import body: its csv text or its base64 bytes, exactly one of them (400 naming `file` otherwise). */
const uploadedFile = (body: unknown): Uint8Array | string => {
  const b = body as { csv?: string; base64?: string }
  if ((b.csv === undefined) === (b.base64 === undefined))
    throw validationError([{ field: 'file', message: 'Give the file as csv text or as base64' }])
  return b.base64 !== undefined ? new Uint8Array(Buffer.from(b.base64, 'base64')) : (b.csv ?? '')
}

export default async function rateRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['rates']
  const port = app.finance.rates ?? new NbpWebRates()
  const ecbPort = app.finance.ecbRates ?? new EcbWebRates()
  const by = (request: { id: unknown }) => ({ correlationId: String(request.id) })

  app.get('/api/rates', { ...auth, schema: { tags, querystring: RangeQuery } }, async (request) => {
    const { from, to } = request.query as { from: string; to: string }
    const { state } = await booksOf(app, request)
    return { tables: ratesHeld(state, from, to), covered: state.rates?.covered ?? [] }
  })

  app.post(
    '/api/rates/import',
    { ...auth, bodyLimit: ARCHIVE_LIMIT * 3, schema: { tags, body: ImportBody } },
    async (request) => {
      const content = uploadedFile(request.body)
      const done = await importRatesArchive(
        app.finance.store,
        request.user.sub,
        content,
        app.finance.now(),
        by(request),
      )
      if (isDomainError(done)) throw fromDomainError(done)
      return done
    },
  )

  app.post('/api/rates/fetch', { ...auth, schema: { tags, body: RangeBody } }, async (request) => {
    const { from, to, table } = request.body as { from: string; to: string; table?: 'A' | 'B' }
    return unavailableAs502(() =>
      fetchRates(app.finance.store, request.user.sub, port, from, to, app.finance.now(), by(request), table),
    )
  })

  app.post(
    '/api/rates/ecb/import',
    { ...auth, bodyLimit: ECB_LIMIT * 3, schema: { tags, body: EcbImportBody } },
    async (request) => {
      const content = uploadedFile(request.body)
      const done = await importEcbHistory(app.finance.store, request.user.sub, content, app.finance.now(), by(request))
      if (isDomainError(done)) throw fromDomainError(done)
      return done
    },
  )

  app.post('/api/rates/ecb/fetch', { ...auth, schema: { tags, body: EcbRangeBody } }, async (request) => {
    const { from, to } = request.body as { from: string; to: string }
    return unavailableAs502(() =>
      fetchEcbRates(app.finance.store, request.user.sub, ecbPort, from, to, app.finance.now(), by(request)),
    )
  })

  app.post('/api/rates/preview', { ...auth, schema: { tags, body: PreviewBody } }, async (request) => {
    const { dataType, data } = request.body as { dataType: string; data: unknown }
    const { state } = await booksOf(app, request)
    const p = await previewConversion(state, dataType, data)
    if (p !== null && isDomainError(p)) throw fromDomainError(p)
    return { conversion: p }
  })
}
