/**
 * `POST /api/setup`: the first-run set-up in one request — the company data, the VAT setting (absent for a trader
 * outside VAT), a PIT setting per change of the form of taxation and the ZUS settings (a list, one per year, or one
 * object). Written whole, in one append, or not at all: any invalid field of any part answers 400 with every field
 * (`company.nip`, `pit.1.firstPercent`, `socialSecurity.1.amount`…) and writes nothing (`@finance/books` `setUpBooks`).
 */
import { setUpBooks } from '@finance/books'
import { isDomainError } from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance } from 'fastify'
import { fromDomainError } from '../http/errors.ts'
import { dataObjectJson } from '../http/openapi.ts'
import { effectSchema } from '../http/validation.ts'

/** Any JSON object: the core's decider checks every part and field. */
const SetupBody = effectSchema(Schema.Record({ key: Schema.String, value: Schema.Unknown }), {
  type: 'object',
  required: ['company', 'pit', 'socialSecurity'],
  properties: {
    company: dataObjectJson(['Primary']),
    vat: { anyOf: [dataObjectJson(['Vat']), { type: 'null' }], description: 'absent or null: not a VAT payer' },
    pit: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: dataObjectJson(['Pit']),
      description: 'one per change of the form of taxation, each dated when it takes effect',
    },
    socialSecurity: {
      anyOf: [
        {
          type: 'array',
          minItems: 1,
          maxItems: 101,
          items: dataObjectJson(['SocialSecurity']),
        },
        dataObjectJson(['SocialSecurity']),
      ],
      description:
        "the ZUS settings, each dated when it takes effect: from the ZUS start day and from each later 1 January with that year's figures (and full ZUS from the day after the preferential 24 months); one setting may be sent as an object",
    },
  },
})

export default async function setupRoutes(app: FastifyInstance) {
  app.post(
    '/api/setup',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['records'],
        summary: 'The first-run set-up: company data and every setting, written at once or not at all',
        body: SetupBody,
      },
    },
    async (request, reply) => {
      const by = { userId: request.user.sub, at: app.finance.now().toISOString() }
      const done = await setUpBooks(app.finance.store, request.body, by, { correlationId: String(request.id) })
      if (isDomainError(done)) throw fromDomainError(done)
      return reply.code(201).send(done)
    },
  )
}
