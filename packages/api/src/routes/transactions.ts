/**
 * `transaction/*` (apicontract "Transactions"): the month view (computed from the current books on every read),
 * resets (of the user's flags), yearly summaries, obligations, flags, manual transactions, lookups, and the Accept
 * links of reminder e-mails. A transaction's `id` is its identity (`i12-2026-03`, `vat-2026-01`, `pit-2026-Q1`,
 * `zus-2026-01`) or a manual row's id; the integer ids of the frozen-month model still resolve.
 */
import {
  Bounds,
  findTransaction,
  isTransactionId,
  monthOf,
  monthsBetween,
  outstandingOf,
  TransactionLookupTypes,
} from '@finance/ledger-core/light'
import { monthRequestErrors } from '@finance/ledger-core'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, notFound } from '../http/errors.ts'
import { DateParams, DateParamSchema, DateRangeParams, effectSchema, JsonObject, oneOf } from '../http/validation.ts'
import {
  executeBooks,
  loadBooks,
  monthGzip,
  monthBytes,
  monthRows,
  obligationRows,
  summaryBytes,
  transactionById,
  transactionsBetween,
  transactionsOfType,
  verifyAcceptKey,
  yearRow,
} from '@finance/books'
import { texts } from '../mail/messages.ts'
import { booksOf, run } from './books.ts'

const MAX_RANGE_MONTHS = 12
const RANGE_TOO_LONG = 'Date range must be at most 12 months'

/** The month and summary reads answer their cached JSON text as it is. */
const JSON_TYPE = 'application/json; charset=utf-8'
/** `Accept-Encoding` takes gzip (not refused with `q=0`). */
const GZIP = /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i

const TX_ID_MESSAGE = 'Id is not a transaction id'
/** `{id}` of a transaction: an identity (`vat-2026-01`…), a manual row's id, or an id of the frozen-month model. */
const TransactionIdParams = effectSchema(
  Schema.Struct({
    id: Schema.String.annotations({ message: () => TX_ID_MESSAGE }).pipe(
      Schema.filter((s) => isTransactionId(s), { message: () => TX_ID_MESSAGE }),
    ),
  }),
  {
    type: 'object',
    required: ['id'],
    properties: {
      id: {
        type: 'string',
        pattern: '^[A-Za-z0-9-]{1,40}$',
        description: 'i{itemId}-{yyyy-mm}, vat|pit|zus-{yyyy-mm}, vat|pit-{yyyy}-Q{n}, or a manual row id',
      },
    },
  },
)

const DateBody = effectSchema(
  Schema.Struct({
    date: Schema.propertySignature(DateParamSchema).annotations({ missingMessage: () => 'Date is required' }),
  }),
  { type: 'object', required: ['date'], properties: { date: { type: 'string', format: 'date' } } },
)

const FlagsBody = effectSchema(
  Schema.Struct({
    completed: Schema.optional(Schema.Boolean.annotations({ message: () => 'Completed must be true or false' })),
    notification: Schema.optional(Schema.Boolean.annotations({ message: () => 'Notification must be true or false' })),
    paidOn: Schema.optional(
      Schema.String.annotations({ message: () => 'Paid on must be a date in format yyyy-mm-dd' }),
    ),
  }),
  {
    type: 'object',
    properties: {
      completed: { type: 'boolean' },
      notification: { type: 'boolean' },
      paidOn: {
        type: 'string',
        format: 'date',
        description: 'With `completed: true`: the day the money left; contributions are deducted on it',
      },
    },
  },
)

const ManualBody = effectSchema(JsonObject, {
  type: 'object',
  description: 'A manual transaction: `{ dataObject: { date, name, amount, … } }` or the dataObject itself',
})

const SummaryListParams = effectSchema(
  Schema.Struct({
    date: DateParamSchema,
    n: Schema.String.annotations({ message: () => 'Increasing flag must be true, false, 1 or 0' }).pipe(
      Schema.filter((s) => /^(true|false|1|0)$/i.test(s), {
        message: () => 'Increasing flag must be true, false, 1 or 0',
      }),
    ),
  }),
  {
    type: 'object',
    required: ['date', 'n'],
    properties: { date: { type: 'string', format: 'date' }, n: { type: 'string', enum: ['true', 'false', '1', '0'] } },
  },
)

const [MIN_YEAR, MAX_YEAR] = [Number(Bounds.dateMin.slice(0, 4)), Number(Bounds.dateMax.slice(0, 4))]
const YearParams = effectSchema(
  Schema.Struct({
    year: Schema.NumberFromString.pipe(Schema.int(), Schema.between(MIN_YEAR, MAX_YEAR)).annotations({
      message: () => `Year must be a year from ${MIN_YEAR} to ${MAX_YEAR}`,
    }),
  }),
  {
    type: 'object',
    required: ['year'],
    properties: { year: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR } },
  },
)

/** `{type}`: an event type or a row's data type; anything else is 400 'Unknown data type', not an empty list. */
const TypeParams = effectSchema(Schema.Struct({ type: oneOf(TransactionLookupTypes, 'Unknown data type') }), {
  type: 'object',
  required: ['type'],
  properties: {
    type: {
      type: 'string',
      enum: [...TransactionLookupTypes],
      description: "eventType ('1_Revenue' … '5_SocialSecurity') or the dataType of a row (`Manual`: a manual row)",
    },
  },
})

const AcceptQuery = effectSchema(Schema.Struct({ key: Schema.optional(Schema.String) }), {
  type: 'object',
  properties: { key: { type: 'string' } },
})

const yearOf = (date: string) => Number(date.slice(0, 4))

/** Years a summary or obligations read may ask for: a century back, two decades ahead (bounds the computation). */
const YEARS_BACK = 100
const YEARS_AHEAD = 20

export default async function transactionRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['transaction']
  const { today } = app.finance

  /** The year, or a 400 when it is too far from today for a summary. */
  const readableYear = (year: number, field: string): number => {
    const current = yearOf(today())
    if (year < current - YEARS_BACK || year > current + YEARS_AHEAD)
      throw badRequest(['Year is too far from today'], { [field]: 'Year is too far from today' })
    return year
  }

  /** A month a request may ask for, or a 400 on the request's field `date` (before anything is read or written). */
  const askedMonth = (date: string): string => {
    const month = monthOf(date)
    const errors = monthRequestErrors(month, today())
    if (errors.length > 0) throw badRequest([errors[0]!.message], { date: errors[0]!.message })
    return month
  }

  app.get(
    '/api/transaction/getCurrentMonth/:date',
    { ...auth, schema: { tags, params: DateParams } },
    async (request, reply) => {
      const month = askedMonth((request.params as { date: string }).date)
      const { state } = await booksOf(app, request)
      reply.type(JSON_TYPE).header('vary', 'accept-encoding')
      // The month is the largest read (tens of kB for a busy month): a client that takes gzip gets the bytes
      // compressed once per books state.
      if (GZIP.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'gzip').send(monthGzip(state, month, today()))
      return reply.send(monthBytes(state, month, today()))
    },
  )

  // Reset clears the user's flags of the month or year (completed, notification, sent, hidden rows) and answers the
  // month as it shows now. Items, settings and amounts are untouched.
  app.post('/api/transaction/resetCurrentMonth', { ...auth, schema: { tags, body: DateBody } }, async (request) => {
    const month = askedMonth((request.body as { date: string }).date)
    const { state } = await run(app, request, { type: 'ResetMonth', month })
    return monthRows(state, month, today())
  })

  app.post('/api/transaction/resetCurrentYear', { ...auth, schema: { tags, body: DateBody } }, async (request) => {
    const month = askedMonth((request.body as { date: string }).date)
    const { state } = await run(app, request, { type: 'ResetYear', year: yearOf(month) })
    return monthRows(state, month, today())
  })

  app.get('/api/transaction/getSummary/:date', { ...auth, schema: { tags, params: DateParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    return yearRow(state, readableYear(yearOf((request.params as { date: string }).date), 'date'))
  })

  app.get(
    '/api/transaction/getSummaryList/:date/:n',
    { ...auth, schema: { tags, params: SummaryListParams } },
    async (request, reply) => {
      const { date, n } = request.params as { date: string; n: string }
      const { state } = await booksOf(app, request)
      return reply.type(JSON_TYPE).send(summaryBytes(state, readableYear(yearOf(date), 'date'), /^(true|1)$/i.test(n)))
    },
  )

  app.get('/api/transaction/obligations/:year', { ...auth, schema: { tags, params: YearParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    return obligationRows(state, readableYear((request.params as { year: number }).year, 'year'), today())
  })

  app.put(
    '/api/transaction/:id',
    { ...auth, schema: { tags, params: TransactionIdParams, body: FlagsBody } },
    async (request) => {
      const { id } = request.params as { id: string }
      const { completed, notification, paidOn } = request.body as {
        completed?: boolean
        notification?: boolean
        paidOn?: string
      }
      if (completed === undefined && notification === undefined) throw badRequest(['No changes on the form'])
      const result = await run(app, request, {
        type: 'SetTransactionFlags',
        id,
        ...(completed === undefined ? {} : { completed }),
        ...(notification === undefined ? {} : { notification }),
        ...(paidOn === undefined ? {} : { paidOn }),
      })
      const t = transactionById(result.state, id, today())
      if (!t) throw notFound()
      return {
        id: t.id,
        completed: t.completed,
        notification: t.notification,
        notificationCompleted: t.notificationCompleted,
        paidAmount: t.paidAmount,
        paidOn: t.paidOn,
        remainingAmount: t.remainingAmount,
      }
    },
  )

  app.post('/api/transaction', { ...auth, schema: { tags, body: ManualBody } }, async (request, reply) => {
    // The core reads the fields from `dataObject` or from the body itself (eventType beside dataObject).
    const result = await run(app, request, { type: 'AddManualTransaction', data: request.body })
    const id = (result.events[0] as { data: { id: number } } | undefined)?.data.id
    const dto = id === undefined ? null : transactionById(result.state, String(id), today())
    if (!dto) throw notFound()
    return reply.code(201).send(dto)
  })

  // A manual row is deleted; a generated row is hidden from its month (a Reset of the month shows it again).
  const remove = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string }
    const result = await run(app, request, { type: 'DeleteTransaction', id })
    return { success: true, id: (result.events[0]?.data as { id: string } | undefined)?.id ?? id }
  }
  app.delete('/api/transaction/:id', { ...auth, schema: { tags, params: TransactionIdParams } }, remove)
  // The generic client's delete verb (SPEC §7): PUT {path}/delete/{id}, its body ignored.
  app.put('/api/transaction/delete/:id', { ...auth, schema: { tags, params: TransactionIdParams } }, remove)

  app.get(
    '/api/transaction/GetById/:id',
    { ...auth, schema: { tags, params: TransactionIdParams } },
    async (request) => {
      const { state } = await booksOf(app, request)
      const t = transactionById(state, (request.params as { id: string }).id, today())
      if (!t) throw notFound()
      return t
    },
  )

  app.get(
    '/api/transaction/GetListByType/:type',
    { ...auth, schema: { tags, params: TypeParams } },
    async (request) => {
      const { state } = await booksOf(app, request)
      return transactionsOfType(state, (request.params as { type: string }).type, today())
    },
  )

  // The latest transaction of a type up to today (one still to come is not the latest one yet).
  app.get('/api/transaction/GetByType/:type', { ...auth, schema: { tags, params: TypeParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    const found = transactionsOfType(state, (request.params as { type: string }).type, today())
      .filter((t) => t.date <= today())
      .at(-1)
    if (!found) throw notFound()
    return found
  })

  app.get(
    '/api/transaction/GetListByDates/:from/:to',
    { ...auth, schema: { tags, params: DateRangeParams } },
    async (request) => {
      const { from, to } = request.params as { from: string; to: string }
      // Rows are computed for every month asked for: a range is at most 12 calendar months.
      if (monthsBetween(monthOf(from), monthOf(to)) >= MAX_RANGE_MONTHS)
        throw badRequest([RANGE_TOO_LONG], { to: RANGE_TOO_LONG })
      const { state } = await booksOf(app, request)
      return transactionsBetween(state, from, to, today())
    },
  )

  // Accept links from reminder e-mails: no session, the signed key identifies the user and the transaction.
  const accept = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = request.query as { key?: string }
    const idParam = (request.params as { id?: string }).id
    const fallback = texts[/^en\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'en' : 'pl']
    const payload = verifyAcceptKey(app.finance.config.secrets.jwtSecret, key, app.finance.now().getTime())
    if (!payload || (idParam !== undefined && idParam !== String(payload.transactionId))) {
      return reply.code(400).send({ success: false, message: fallback.acceptInvalid, errors: [fallback.acceptInvalid] })
    }
    const user = await app.finance.accounts.findById(payload.userId)
    if (!user)
      return reply.code(400).send({ success: false, message: fallback.acceptInvalid, errors: [fallback.acceptInvalid] })
    const t = texts[user.language]
    const { state } = await loadBooks(app.finance.store, user.id)
    // The key names an identity, or (mailed before identities) a recorded row's integer id: the books resolve both.
    const found = findTransaction(state, payload.transactionId)
    if (!found || found.flags?.hidden)
      return reply.code(404).send({ success: false, message: t.acceptInvalid, errors: [t.acceptInvalid] })
    if (found.flags?.completed && outstandingOf(found.row, found.flags) <= 0n)
      return { success: true, message: t.acceptAlready }
    const result = await executeBooks(
      app.finance.store,
      user.id,
      { type: 'AcceptFromEmail', id: found.row.id, at: app.finance.now().toISOString(), userId: user.id },
      { actor: user.id, correlationId: String(request.id) },
    )
    if ('code' in result)
      return reply.code(404).send({ success: false, message: t.acceptInvalid, errors: [t.acceptInvalid] })
    return { success: true, message: result.events.length > 0 ? t.acceptDone : t.acceptAlready }
  }
  const acceptSchema = { tags, querystring: AcceptQuery }
  app.get('/api/transaction/Accept', { schema: acceptSchema }, accept)
  app.get('/api/transaction/Accept/:id', { schema: acceptSchema }, accept)
}
