/**
 * `transaction/annual/{year}`: the year end of the caller's books — the annual return (PIT-36 / PIT-36L / PIT-28),
 * the annual health settlement, their obligations, and the comparison of the forms of taxation, as computed by
 * ledger-core's `annualReport` (docs/tax-rules.md §8–9).
 */
import { type AnnualReport, annualReport, type BooksState } from '@finance/ledger-core/light'
import { FlatRates, validateAnnualInputs } from '@finance/ledger-core'
import { Schema } from 'effect'
import type { FastifyInstance } from 'fastify'
import { badRequest } from '../http/errors.ts'
import { body, effectSchema } from '../http/validation.ts'
import { booksOf, run } from './books.ts'

/**
 * A year is a whole number (else `Year is not valid`); which years have a year end is the route's to say (`Year is
 * too far from today`, as for summaries), so 1800 gets that message, not the one of a malformed year.
 */
const AnnualParams = effectSchema(
  Schema.Struct({
    year: Schema.NumberFromString.pipe(Schema.int()).annotations({
      message: () => 'Year is not valid',
    }),
  }),
  { type: 'object', required: ['year'], properties: { year: { type: 'integer' } } },
)

const FLAT_RATE_MESSAGE = `Flat rate must be one of ${FlatRates.join(', ')}`
const AnnualQuery = effectSchema(
  Schema.Struct({
    flatRate: Schema.optional(Schema.Literal(...FlatRates).annotations({ message: () => FLAT_RATE_MESSAGE })),
  }),
  {
    type: 'object',
    properties: {
      flatRate: {
        type: 'string',
        enum: [...FlatRates],
        description:
          'the ryczałt rate of revenue without its own rate in the comparison (default: the user’s, else 8.5)',
      },
    },
  },
  { flatRate: FLAT_RATE_MESSAGE },
)

/** A year end is asked for at most a century back or two decades ahead (as summaries and obligations). */
const YEARS_BACK = 100
const YEARS_AHEAD = 20

/** Any JSON object: the core's decider validates every field of the year's inputs (docs/events.md). */
const InputsBody = body(Schema.Record({ key: Schema.String, value: Schema.Unknown }))

const memo = new WeakMap<BooksState, Map<string, AnnualReport>>()

export default async function yearEndRoutes(app: FastifyInstance) {
  const { today } = app.finance
  app.get(
    '/api/transaction/annual/:year',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['transaction'], params: AnnualParams, querystring: AnnualQuery },
    },
    async (request) => {
      const { year } = request.params as { year: number }
      const { flatRate } = request.query as { flatRate?: (typeof FlatRates)[number] }
      const day = today()
      const current = Number(day.slice(0, 4))
      if (year < current - YEARS_BACK || year > current + YEARS_AHEAD)
        throw badRequest(['Year is too far from today'], { year: 'Year is too far from today' })
      const { state } = await booksOf(app, request)
      let m = memo.get(state)
      if (!m) {
        m = new Map()
        memo.set(state, m)
      }
      const key = `${year}|${flatRate ?? ''}|${day}`
      let report = m.get(key)
      if (!report) {
        report = annualReport(state, year, day, { flatRate: flatRate ?? null })
        if (m.size > 50) m.clear()
        m.set(key, report)
      }
      return report
    },
  )
  // The return's common items of the year (loss carried forward, IKZE, spouse, children): validated whole by the
  // core (400 with every invalid field), stored as `AnnualInputsSet`; answers the year end with them applied.
  app.put(
    '/api/transaction/annual/:year/inputs',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['transaction'], params: AnnualParams, body: InputsBody },
    },
    async (request) => {
      const { year } = request.params as { year: number }
      const data = { ...(request.body as Record<string, unknown>), year }
      // The same inputs again change nothing: answered as saved (a form saved twice is not an error).
      const v = validateAnnualInputs(data)
      if (v.ok) {
        const { state } = await booksOf(app, request)
        const before = state.annualInputs?.get(year)
        if (before && JSON.stringify(before) === JSON.stringify(v.value)) return annualReport(state, year, today())
      }
      const done = await run(app, request, { type: 'SetAnnualInputs', data })
      return annualReport(done.state, year, today())
    },
  )
}
