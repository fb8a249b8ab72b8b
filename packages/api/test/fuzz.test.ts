/**
 * "Bad input is a 400, never a 500": every documented route gets random parameters and random JSON bodies
 * (fast-check), as a user with books, and must answer below 500 with the contract's error shape.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, type BodyType, familyOf } from './fixtures.ts'
import { type Harness, harness } from './helpers.ts'

let h: Harness
let token: string
let routes: { path: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE' }[]

beforeAll(async () => {
  h = await harness({ config: { loginRateLimit: 100_000 } })
  token = await h.user('f@example.com')
  for (const type of Object.keys(bodies) as BodyType[])
    await h.app.inject({
      method: 'POST',
      url: `/api/${familyOf(type)}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { dataType: type, dataObject: bodies[type] },
    })
  await h.app.inject({
    method: 'GET',
    url: '/api/transaction/getCurrentMonth/2026-03-10',
    headers: { authorization: `Bearer ${token}` },
  })
  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  routes = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => ({ path, method: m.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' })),
    )
})
afterAll(async () => {
  await h?.close()
})

const segment = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2026-03-10',
    '2026-02-30',
    'true',
    'Vat',
    'Income',
    '1_Revenue',
    '9'.repeat(30),
    '%00',
    '..',
    // Not valid percent-encoding, and over the router's parameter length: framework errors in the contract shape.
    '%zz',
    '%E0%A4%A',
    'x'.repeat(2500),
    '9999-12-31',
    '0001-01-01',
  ),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'x'),
)

const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('2026-03-10', '12.345', '-1', 'Vat', 'Flat', ''),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom(
        'dataType',
        'dataObject',
        'date',
        'amount',
        'percent',
        'name',
        'email',
        'password',
        'id',
        'completed',
        'key',
        'repetitions',
        'eventType',
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value

it('answers every route with random parameters and bodies below 500, in the contract shape', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 10_000 }),
      fc.array(segment, { minLength: 4, maxLength: 4 }),
      json,
      fc.boolean(),
      async (pick, segments, body, withToken) => {
        const route = routes[pick % routes.length]!
        let i = 0
        const url = route.path.replace(/\{[^}]+\}/g, () => segments[i++ % segments.length]!)
        const res = await h.app.inject({
          method: route.method,
          url,
          headers: withToken ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : {
                payload: JSON.stringify(body),
                headers: {
                  'content-type': 'application/json',
                  ...(withToken ? { authorization: `Bearer ${token}` } : {}),
                },
              }),
        })
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500)
        if (res.statusCode >= 400) {
          const b = res.json() as { success?: unknown; errors?: unknown; message?: unknown }
          expect(b.success).toBe(false)
          expect(Array.isArray(b.errors)).toBe(true)
        }
      },
    ),
    { numRuns: 1500 },
  )
}, 120_000)
