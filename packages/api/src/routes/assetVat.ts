/**
 * `assets/{id}/vat`: a fixed asset's VAT — its correction period, the changes of its use and the corrections of its
 * input tax they make (uVAT art. 91; docs/tax-rules.md, "VAT across borders, fixed assets and cars"). A change of use
 * is validated whole by the core's decider before it is written.
 */
import { type AssetVatView, assetVatView, assetVatBooks } from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../http/errors.ts'
import { body, IdParams } from '../http/validation.ts'
import { booksOf, run } from './books.ts'

/** Any JSON object: the decider reads and validates every field (`date`, `taxedPercent`, `inputVat?`, `previousPercent?`). */
const AnyObject = body(Schema.Record({ key: Schema.String, value: Schema.Unknown }))

const viewOr404 = (v: AssetVatView | null): AssetVatView => {
  if (!v) throw notFound()
  return v
}

export default async function assetVatRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['assets']
  app.get('/api/assets/:id/vat', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    const { state } = await booksOf(app, request)
    return viewOr404(assetVatView(state.assets, id, assetVatBooks(state)))
  })
  app.post('/api/assets/:id/vat', { ...auth, schema: { tags, params: IdParams, body: AnyObject } }, async (request) => {
    const { id } = request.params as { id: number }
    const done = await run(app, request, { type: 'ChangeAssetVatUse', id, data: request.body })
    return viewOr404(assetVatView(done.state.assets, id, assetVatBooks(done.state)))
  })
}
