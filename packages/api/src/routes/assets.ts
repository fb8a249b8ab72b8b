/**
 * `assets/*`: the register of fixed assets (docs/tax-rules.md §14, docs/events.md): the register of a year, an
 * asset's card with its plan, the depreciation of a month, and the writes — enter (also from a purchase), improve,
 * dispose of, remove. The core's decider validates every field before anything is written.
 */
import {
  type AssetCardDto,
  assetCard,
  assetRegister,
  type BooksState,
  monthDepreciation,
  inventoryView,
} from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notFound } from '../http/errors.ts'
import { body, effectSchema, IdParams, MonthParams } from '../http/validation.ts'
import { booksOf, type CommandInput, run } from './books.ts'

const YEAR_MESSAGE = 'Year must be a whole number from 1900 to 2100'

const RegisterQuery = effectSchema(
  Schema.Struct({
    year: Schema.optional(
      Schema.String.annotations({ message: () => YEAR_MESSAGE }).pipe(
        Schema.filter((s) => /^\d{4}$/.test(s) && Number(s) >= 1900 && Number(s) <= 2100, {
          message: () => YEAR_MESSAGE,
        }),
      ),
    ),
  }),
  {
    type: 'object',
    properties: { year: { type: 'integer', minimum: 1900, maximum: 2100, description: 'Default: this year' } },
  },
)

const InventoryParams = effectSchema(
  Schema.Struct({
    year: Schema.String.annotations({ message: () => YEAR_MESSAGE }).pipe(
      Schema.filter((s) => /^\d{4}$/.test(s) && Number(s) >= 1900 && Number(s) <= 2100, {
        message: () => YEAR_MESSAGE,
      }),
    ),
  }),
  { type: 'object', required: ['year'], properties: { year: { type: 'integer', minimum: 1900, maximum: 2100 } } },
)

/** A year's stock-takings: the values and the change to the year's income, with the lists as recorded. */
const inventoryOf = (state: BooksState, year: number) => inventoryView(state.inventories, year)

/** Any JSON object: the decider reads and validates every field (docs/events.md, the register). */
const AnyObject = body(Schema.Record({ key: Schema.String, value: Schema.Unknown }))

export default async function assetRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['assets']

  /** The card's row is the register's row of the current year. */
  const thisYear = () => Number(app.finance.today().slice(0, 4))
  const cardOr404 = (card: AssetCardDto | null): AssetCardDto => {
    if (!card) throw notFound()
    return card
  }
  const write = async (request: FastifyRequest, command: CommandInput, id?: number) => {
    const done = await run(app, request, command)
    const entered = done.events.find((e) => e.type === 'AssetEntered')
    const assetId = id ?? (entered?.data as { id: number } | undefined)?.id ?? 0
    return cardOr404(assetCard(done.state.assets, assetId, thisYear()))
  }

  app.get('/api/assets', { ...auth, schema: { tags, querystring: RegisterQuery } }, async (request) => {
    const { year } = request.query as { year?: string }
    const { state } = await booksOf(app, request)
    return assetRegister(state.assets, year ? Number(year) : thisYear())
  })
  app.get('/api/assets/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    const { state } = await booksOf(app, request)
    return cardOr404(assetCard(state.assets, id, thisYear()))
  })
  app.get('/api/assets/depreciation/:month', { ...auth, schema: { tags, params: MonthParams } }, async (request) => {
    const { month } = request.params as { month: string }
    const { state } = await booksOf(app, request)
    return monthDepreciation(state.assets, month)
  })
  app.post('/api/assets', { ...auth, schema: { tags, body: AnyObject } }, async (request, reply) => {
    const card = await write(request, { type: 'EnterAsset', data: request.body })
    return reply.code(201).send(card)
  })
  // An asset's later events; the six-year rule is an asset taken to private use and sold later (uPIT art. 10 ust. 2
  // pkt 3).
  for (const [path, type] of [
    ['improvements', 'ImproveAsset'],
    ['disposal', 'DisposeAsset'],
    ['private-sale', 'SellAssetAfterPrivateUse'],
  ] as const)
    app.post(
      `/api/assets/:id/${path}`,
      { ...auth, schema: { tags, params: IdParams, body: AnyObject } },
      async (request) => {
        const { id } = request.params as { id: number }
        return write(request, { type, id, data: request.body }, id)
      },
    )
  app.get('/api/inventory/:year', { ...auth, schema: { tags, params: InventoryParams } }, async (request) => {
    const year = Number((request.params as { year: string }).year)
    const { state } = await booksOf(app, request)
    return inventoryOf(state, year)
  })
  app.post('/api/inventory', { ...auth, schema: { tags, body: AnyObject } }, async (request) => {
    const done = await run(app, request, { type: 'RecordInventory', data: request.body })
    const taken = done.events.find((e) => e.type === 'InventoryTaken')
    const year = taken
      ? (taken.data as { data: { year: number } }).data.year
      : Number((request.body as { year?: unknown }).year)
    return inventoryOf(done.state, year)
  })
  app.delete('/api/assets/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteAsset', id })
    return { success: true }
  })
}
