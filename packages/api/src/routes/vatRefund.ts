/**
 * `vat/refund/{month}`: the refund of the excess of input VAT asked for in the declaration of the VAT period ending
 * in (or containing) a month (uVAT art. 87; docs/tax-rules.md "VAT refunds"). PUT asks for it (`SetVatRefund`,
 * validated whole by the core: 400 with every invalid field, nothing written), DELETE withdraws it, GET reads it; each
 * answers the request with what the period's excess allows.
 */
import { vatRefundPlan } from '@finance/books'
import { vatRefundView } from '@finance/ledger-core/light'
import { Schema } from 'effect'
import type { FastifyInstance } from 'fastify'
import { body, MonthParams } from '../http/validation.ts'
import { booksOf, run, runPlan } from './books.ts'

/** Any JSON object: the core's decider validates `amount`, `term` and `offset` (docs/events.md). */
const RefundBody = body(Schema.Record({ key: Schema.String, value: Schema.Unknown }))

export default async function vatRefundRoutes(app: FastifyInstance) {
  const tags = ['vat']
  app.get(
    '/api/vat/refund/:month',
    { onRequest: [app.authenticate], schema: { tags, params: MonthParams } },
    async (request) => {
      const { month } = request.params as { month: string }
      return vatRefundView((await booksOf(app, request)).state, month)
    },
  )
  app.put(
    '/api/vat/refund/:month',
    { onRequest: [app.authenticate], schema: { tags, params: MonthParams, body: RefundBody } },
    async (request) => {
      const { month } = request.params as { month: string }
      // Refused under a month without a VAT period; asking again for what is asked writes nothing and answers the same.
      const done = await runPlan(app, request, { type: 'SetVatRefund', month, refund: request.body }, vatRefundPlan)
      return vatRefundView(done.state, month)
    },
  )
  app.delete(
    '/api/vat/refund/:month',
    { onRequest: [app.authenticate], schema: { tags, params: MonthParams } },
    async (request) => {
      const { month } = request.params as { month: string }
      const done = await run(app, request, { type: 'SetVatRefund', month, refund: null })
      return vatRefundView(done.state, month)
    },
  )
}
