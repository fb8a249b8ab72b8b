/**
 * `transaction/*` (apicontract "Transactions"): the month view (generated and recorded on first view), resets,
 * yearly summaries, obligations, flags, manual transactions, lookups, and the Accept links of reminder e-mails.
 */
import { monthOf } from '@finance/ledger-core/calendar.ts'
import { Bounds } from '@finance/ledger-core/schemas/bounds.ts'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, HttpError, notFound } from '../http/errors.ts'
import { DateParams, DateParamSchema, DateRangeParams, effectSchema, IdParams, JsonObject } from '../http/validation.ts'
import { executeBooks, loadBooks } from '../ledger/books.ts'
import { texts } from '../mail/messages.ts'
import { verifyAcceptKey } from '../reminders/keys.ts'
import { booksOf, run } from './books.ts'
import {
  monthRows,
  obligationRows,
  summaryRows,
  type TransactionDto,
  transactionById,
  transactionsBetween,
  transactionsOfType,
  yearRow,
} from './transactionViews.ts'

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
  }),
  { type: 'object', properties: { completed: { type: 'boolean' }, notification: { type: 'boolean' } } },
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

const TypeParams = effectSchema(Schema.Struct({ type: Schema.String }), {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', description: "eventType ('1_Revenue' … '5_SocialSecurity') or dataType" } },
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

  /** Runs a month command; the core names the month `month`, the request names it `date`. */
  const runOnDate: typeof run = async (...args) => {
    try {
      return await run(...args)
    } catch (error) {
      if (!(error instanceof HttpError) || error.fieldErrors?.month === undefined) throw error
      const { month, ...rest } = error.fieldErrors
      throw new HttpError(error.statusCode, error.errors, { ...rest, date: month })
    }
  }

  /** The month's rows, generating and recording the month first when it was never viewed. */
  const currentMonth = async (request: FastifyRequest, month: string): Promise<TransactionDto[]> => {
    const { state } = await booksOf(app, request)
    if (!state.months.has(month)) {
      const result = await runOnDate(app, request, { type: 'GenerateMonth', month, today: today() })
      return monthRows(result.state, month, today())
    }
    return monthRows(state, month, today())
  }

  app.get('/api/transaction/getCurrentMonth/:date', { ...auth, schema: { tags, params: DateParams } }, (request) =>
    currentMonth(request, monthOf((request.params as { date: string }).date)),
  )

  app.post('/api/transaction/resetCurrentMonth', { ...auth, schema: { tags, body: DateBody } }, async (request) => {
    const month = monthOf((request.body as { date: string }).date)
    await runOnDate(app, request, { type: 'ResetMonth', month })
    return currentMonth(request, month)
  })

  app.post('/api/transaction/resetCurrentYear', { ...auth, schema: { tags, body: DateBody } }, async (request) => {
    const date = (request.body as { date: string }).date
    await runOnDate(app, request, { type: 'ResetYear', year: yearOf(date) })
    return currentMonth(request, monthOf(date))
  })

  app.get('/api/transaction/getSummary/:date', { ...auth, schema: { tags, params: DateParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    return yearRow(state, readableYear(yearOf((request.params as { date: string }).date), 'date'))
  })

  app.get(
    '/api/transaction/getSummaryList/:date/:n',
    { ...auth, schema: { tags, params: SummaryListParams } },
    async (request) => {
      const { date, n } = request.params as { date: string; n: string }
      const { state } = await booksOf(app, request)
      return summaryRows(state, readableYear(yearOf(date), 'date'), /^(true|1)$/i.test(n))
    },
  )

  app.get('/api/transaction/obligations/:year', { ...auth, schema: { tags, params: YearParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    return obligationRows(state, readableYear((request.params as { year: number }).year, 'year'), today())
  })

  app.put('/api/transaction/:id', { ...auth, schema: { tags, params: IdParams, body: FlagsBody } }, async (request) => {
    const { id } = request.params as { id: number }
    const { completed, notification } = request.body as { completed?: boolean; notification?: boolean }
    if (completed === undefined && notification === undefined) throw badRequest(['No changes on the form'])
    const result = await run(app, request, {
      type: 'SetTransactionFlags',
      id,
      ...(completed === undefined ? {} : { completed }),
      ...(notification === undefined ? {} : { notification }),
    })
    const t = result.state.transactions.get(id)
    if (!t || t.deleted) throw notFound()
    return { id, completed: t.completed, notification: t.notification, notificationCompleted: t.notificationCompleted }
  })

  app.post('/api/transaction', { ...auth, schema: { tags, body: ManualBody } }, async (request, reply) => {
    // The core reads the fields from `dataObject` or from the body itself (eventType beside dataObject).
    const result = await run(app, request, { type: 'AddManualTransaction', data: request.body })
    const id = (result.events[0] as { data: { id: number } } | undefined)?.data.id
    const dto = id === undefined ? null : transactionById(result.state, id, today())
    if (!dto) throw notFound()
    return reply.code(201).send(dto)
  })

  const remove = async (request: FastifyRequest) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteTransaction', id })
    return { success: true, id }
  }
  app.delete('/api/transaction/:id', { ...auth, schema: { tags, params: IdParams } }, remove)
  // The generic client's delete verb (SPEC §7): PUT {path}/delete/{id}, its body ignored.
  app.put('/api/transaction/delete/:id', { ...auth, schema: { tags, params: IdParams } }, remove)

  app.get('/api/transaction/GetById/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    const t = transactionById(state, (request.params as { id: number }).id, today())
    if (!t) throw notFound()
    return t
  })

  app.get(
    '/api/transaction/GetListByType/:type',
    { ...auth, schema: { tags, params: TypeParams } },
    async (request) => {
      const { state } = await booksOf(app, request)
      return transactionsOfType(state, (request.params as { type: string }).type, today())
    },
  )

  app.get('/api/transaction/GetByType/:type', { ...auth, schema: { tags, params: TypeParams } }, async (request) => {
    const { state } = await booksOf(app, request)
    const found = transactionsOfType(state, (request.params as { type: string }).type, today()).at(-1)
    if (!found) throw notFound()
    return found
  })

  app.get(
    '/api/transaction/GetListByDates/:from/:to',
    { ...auth, schema: { tags, params: DateRangeParams } },
    async (request) => {
      const { from, to } = request.params as { from: string; to: string }
      if (from > to) throw badRequest(['Date range is not valid'], { to: 'Date range is not valid' })
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
    const tx = state.transactions.get(payload.transactionId)
    if (!tx || tx.deleted)
      return reply.code(404).send({ success: false, message: t.acceptInvalid, errors: [t.acceptInvalid] })
    if (tx.completed) return { success: true, message: t.acceptAlready }
    const result = await executeBooks(
      app.finance.store,
      user.id,
      { type: 'AcceptFromEmail', id: tx.id, at: app.finance.now().toISOString(), userId: user.id },
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
