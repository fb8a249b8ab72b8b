/**
 * Bounded work per request: on books of 10 years × 50 items a month, the costliest inputs (the engine run to the end
 * of the date window, whole-books lists, 240 KiB bodies, the log search, a 1 200-month item) cost less than four
 * times a normal request (the Fees screen's list of every expense on books that just changed) measured in the same
 * run. (Before the bounds, a year-1 or year-9999 date made one request
 * cost seconds; see bounds.test.ts.) `npm run bench -- api` prints the same figures with absolute times.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { measureWork, normalCase, seedBooks, worstCases } from '../bench/work.ts'
import { dateInPoland } from '@finance/ledger-core/light'
import { type Harness, harness } from './helpers.ts'

let h: Harness
let token: string
let today: string

beforeAll(async () => {
  h = await harness({ config: { clientRateLimit: 10_000 } })
  token = await h.user('big@example.com')
  today = dateInPoland(h.clock.now)
  const user = (await h.app.finance.accounts.findByEmail('big@example.com'))!
  await seedBooks(h.store, user.id, Number(today.slice(0, 4)) - 1)
}, 120_000)

afterAll(async () => {
  await h?.close()
})

it('no input costs four normal requests on books of 10 years × 50 items a month', async () => {
  const normal = normalCase(today, token)
  const cases = worstCases(today, { user: token, admin: h.adminToken, apiKey: h.config.secrets.apiKey })
  await measureWork(h.app, token, normal, cases, 2) // warm-up: first fold, JIT
  const figures = await measureWork(h.app, token, normal, cases, 7)
  for (const c of figures.cases) {
    expect(c.status, c.name).toBeLessThan(500)
    // Within ~80 ms where the normal request takes 15–20 ms on this kind of machine (the bench prints both).
    expect(c.ratio, `${c.name}: ${c.ms.toFixed(1)} ms against ${figures.normalMs.toFixed(1)} ms`).toBeLessThan(4)
  }
}, 300_000)
