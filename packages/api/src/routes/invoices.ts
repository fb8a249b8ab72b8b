/**
 * Invoices as documents (docs/api.md, "Invoices"):
 * - counterparties (`/api/counterparties`) and number series (`/api/invoice-series`);
 * - invoices (`/api/invoices`): the list, one invoice with its totals, drafts created, changed and deleted, the issue
 *   (its number and its incomes in one append), a correction's draft, the FA(3) XML.
 * Bodies are checked whole by the core's decider; a refusal is a 400 naming every field, and nothing is written.
 */
import { ensureInvoiceRates, issueInvoice, issueInvoiceDocument, NbpWebRates, SchemaFailure } from '@finance/books'
import {
  correctionDraftOf,
  invoiceDetail,
  invoiceList,
  isDomainError,
  nextInvoiceNumber,
} from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromDomainError, HttpError, notFound, validationError } from '../http/errors.ts'
import { body, DateParamSchema, effectSchema, IdParams, JsonObject } from '../http/validation.ts'
import { booksOf, run } from './books.ts'

const Body = body(JsonObject)
const CorrectionBody = body(Schema.Struct({ issueDate: Schema.optional(DateParamSchema) }), {
  issueDate: 'Date must be a date in format yyyy-mm-dd',
})
const RecurringBody = body(
  Schema.Struct({
    itemId: Schema.Number.annotations({ message: () => 'Id must be a positive whole number' }).pipe(
      Schema.int({ message: () => 'Id must be a positive whole number' }),
      Schema.positive({ message: () => 'Id must be a positive whole number' }),
    ),
    month: Schema.String.annotations({ message: () => 'Month must be in format yyyy-mm' }).pipe(
      Schema.pattern(/^\d{4}-\d{2}$/, { message: () => 'Month must be in format yyyy-mm' }),
    ),
  }),
  { itemId: 'Id must be a positive whole number', month: 'Month must be in format yyyy-mm' },
)
const VersionQuery = effectSchema(
  Schema.Struct({
    version: Schema.optional(
      Schema.NumberFromString.annotations({ message: () => 'Version must be a whole number' }).pipe(
        Schema.int({ message: () => 'Version must be a whole number' }),
        Schema.nonNegative({ message: () => 'Version must be a whole number' }),
      ),
    ),
  }),
  { type: 'object', properties: { version: { type: 'integer', minimum: 0 } } },
)

/** The id of the invoice a draft's events saved (the last `InvoicingDraftSaved`). */
const savedId = (events: readonly { type: string; data: unknown }[]) =>
  (events.findLast((e) => e.type === 'InvoicingDraftSaved')?.data as { id: number } | undefined)?.id

/** A draft's fields from a body: the document, without the version the editor names. */
const documentOf = (b: Record<string, unknown>) => {
  const { version: _, ...data } = b
  return data
}
const versionOf = (b: Record<string, unknown>, q: { version?: number }) =>
  typeof b.version === 'number' ? b.version : q.version

export default async function invoiceRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['invoices']
  const rates = app.finance.rates ?? new NbpWebRates()

  /** A draft in a foreign currency: its NBP rates fetched when the books lack them, so it shows its złoty figures. */
  const withRates = async (
    request: FastifyRequest,
    id: number,
    state: Awaited<ReturnType<typeof booksOf>>['state'],
  ) => {
    if (!state.invoicing.invoices.get(id)?.data.currency) return invoiceDetail(state, id)
    await ensureInvoiceRates(app.finance.store, request.user.sub, id, rates, app.finance.now())
    return detail(request, id)
  }

  const detail = async (request: FastifyRequest, id: number) => {
    const { state } = await booksOf(app, request)
    const d = invoiceDetail(state, id)
    if (!d) throw notFound()
    return d
  }

  // ---- counterparties ----
  app.get('/api/counterparties', { ...auth, schema: { tags } }, async (request) => {
    const { state } = await booksOf(app, request)
    const list = [...state.invoicing.counterparties.values()]
      .filter((c) => !c.deleted)
      .sort((a, b) => a.data.name.localeCompare(b.data.name, 'pl'))
      .map((c) => ({ id: c.id, ...c.data }))
    return { counterparties: list }
  })
  app.post('/api/counterparties', { ...auth, schema: { tags, body: Body } }, async (request, reply) => {
    const { events } = await run(app, request, { type: 'SaveCounterparty', data: request.body })
    const e = events[0]?.data as { id: number; data: object }
    reply.code(201)
    return { id: e.id, ...e.data }
  })
  app.put('/api/counterparties/:id', { ...auth, schema: { tags, params: IdParams, body: Body } }, async (request) => {
    const { id } = request.params as { id: number }
    const { state } = await run(app, request, { type: 'SaveCounterparty', id, data: request.body })
    return { id, ...state.invoicing.counterparties.get(id)!.data }
  })
  app.delete('/api/counterparties/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteCounterparty', id })
    return { success: true }
  })

  // ---- number series ----
  // Each series with the number it gives next today (the screen's preview).
  const seriesList = (state: Awaited<ReturnType<typeof booksOf>>['state']) => {
    const today = app.finance.today()
    return [...state.invoicing.series.values()]
      .sort((a, b) => a.id - b.id)
      .map((s) => ({ id: s.id, used: s.used, ...s.data, next: nextInvoiceNumber(state, s.id, today)?.number ?? '' }))
  }
  app.get('/api/invoice-series', { ...auth, schema: { tags } }, async (request) => {
    const { state } = await booksOf(app, request)
    return { series: seriesList(state) }
  })
  app.post('/api/invoice-series', { ...auth, schema: { tags, body: Body } }, async (request, reply) => {
    const { events, state } = await run(app, request, { type: 'SaveInvoiceSeries', data: request.body })
    reply.code(201)
    return seriesList(state).find((s) => s.id === (events[0]!.data as { id: number }).id)
  })
  app.put('/api/invoice-series/:id', { ...auth, schema: { tags, params: IdParams, body: Body } }, async (request) => {
    const { id } = request.params as { id: number }
    const { state } = await run(app, request, { type: 'SaveInvoiceSeries', id, data: request.body })
    return seriesList(state).find((s) => s.id === id)
  })

  // ---- invoices ----
  app.get('/api/invoices', { ...auth, schema: { tags } }, async (request) => {
    const { state } = await booksOf(app, request)
    return { invoices: invoiceList(state) }
  })
  app.get('/api/invoices/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) =>
    detail(request, (request.params as { id: number }).id),
  )
  app.post('/api/invoices', { ...auth, schema: { tags, body: Body } }, async (request, reply) => {
    const { events, state } = await run(app, request, {
      type: 'SaveInvoiceDraft',
      data: documentOf(request.body as Record<string, unknown>),
    })
    reply.code(201)
    return withRates(request, savedId(events)!, state)
  })
  app.put(
    '/api/invoices/:id',
    { ...auth, schema: { tags, params: IdParams, body: Body, querystring: VersionQuery } },
    async (request) => {
      const { id } = request.params as { id: number }
      const b = request.body as Record<string, unknown>
      const expectedVersion = versionOf(b, request.query as { version?: number })
      const { state } = await run(app, request, {
        type: 'SaveInvoiceDraft',
        id,
        data: documentOf(b),
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      })
      return withRates(request, id, state)
    },
  )
  app.delete('/api/invoices/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteInvoiceDraft', id })
    return { success: true }
  })
  app.post(
    '/api/invoices/:id/issue',
    { ...auth, schema: { tags, params: IdParams, querystring: VersionQuery } },
    async (request) => {
      const { id } = request.params as { id: number }
      const { version } = request.query as { version?: number }
      const result = await issueInvoiceDocument(app.finance.store, request.user.sub, id, {
        at: app.finance.now().toISOString(),
        rates,
        ...(version !== undefined ? { expectedVersion: version } : {}),
      })
      if (isDomainError(result)) throw fromDomainError(result)
      return invoiceDetail(result.state, id)
    },
  )
  app.post('/api/invoices/recurring', { ...auth, schema: { tags, body: RecurringBody } }, async (request, reply) => {
    const { itemId, month } = request.body as { itemId: number; month: string }
    const { events, state } = await run(app, request, { type: 'DraftRecurringInvoice', itemId, month })
    reply.code(201)
    return invoiceDetail(state, savedId(events)!)
  })
  app.post(
    '/api/invoices/:id/correction',
    { ...auth, schema: { tags, params: IdParams, body: CorrectionBody } },
    async (request, reply) => {
      const { id } = request.params as { id: number }
      const { issueDate } = (request.body ?? {}) as { issueDate?: string }
      const { state } = await booksOf(app, request)
      if (!invoiceDetail(state, id)) throw notFound()
      const data = correctionDraftOf(state, id, issueDate ?? app.finance.today())
      if (!data) throw validationError([{ field: 'id', message: 'A correction corrects an issued sales invoice' }])
      const saved = await run(app, request, { type: 'SaveInvoiceDraft', data })
      reply.code(201)
      return invoiceDetail(saved.state, savedId(saved.events)!)
    },
  )
  app.get(
    '/api/invoices/:id/fa3',
    { ...auth, schema: { tags, params: IdParams } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: number }
      const { state } = await booksOf(app, request)
      if (!state.invoicing.invoices.get(id) || state.invoicing.invoices.get(id)?.deleted) throw notFound()
      try {
        const result = await issueInvoice(state, id, { now: app.finance.now() })
        if (!result.ok) throw result.status === 404 ? notFound() : validationError(result.problems)
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${result.fileName}"`)
          .send(result.xml)
      } catch (e) {
        if (!(e instanceof SchemaFailure)) throw e
        request.log.error({ schema: e.schema, errors: e.errors.slice(0, 20) }, 'a written document failed its schema')
        throw new HttpError(500, ['The file did not pass its schema; nothing was sent'])
      }
    },
  )
}
