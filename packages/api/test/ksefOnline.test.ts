/**
 * KSeF online over HTTP against the KSeF simulator (127.0.0.1, the official open-api.json checked both ways): the
 * token stored encrypted and never answered, an income's invoice sent and its KSeF number and UPO recorded, a second
 * sending refused, received invoices fetched into the expenses once, and KSeF's limits answered with what to do.
 */
import { openToken } from '@finance/books'
import { isKsefNumber } from '@finance/ksef'
import { type KsefSimulator, startSimulator } from '@finance/ksef/testing'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { bodies, invoicedIncome } from './fixtures.ts'
import { testConfig } from '../src/config.ts'
import { call, type Harness, harness } from './helpers.ts'
import { closeAfterEach, ksefCompany } from './ksefCompany.ts'

const US = bodies.Primary.nip
const SUPPLIER = '7740001454'

let h: Harness
let sim: KsefSimulator
closeAfterEach(() => ({ h, sim }))

const company = () => ksefCompany(h)

const purchase = (number: string) =>
  buildInvoice23({ sellerNip: SUPPLIER, buyerNip: US, number, net: '1000.00', description: 'Hosting' })

describe('KSeF online', { timeout: 60_000 }, () => {
  it('stores the token encrypted, sends an income’s invoice once and fetches a supplier’s into the expenses', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t, post } = await company()

    const before = await call(h.app, t, 'GET', '/api/ksef/connection')
    expect(before.json()).toMatchObject({ environment: 'TEST', hasToken: false, nip: US, lastFetch: null })

    // Validation first: nothing is stored from a bad request.
    const blank = await call(h.app, t, 'PUT', '/api/ksef/connection', { token: '  ' })
    expect(blank.statusCode).toBe(400)
    expect(Object.keys(blank.json().fieldErrors)).toEqual(['token'])
    const env = await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token, environment: 'PRODUCTION' })
    expect(env.statusCode).toBe(400)
    expect(Object.keys(env.json().fieldErrors)).toEqual(['environment'])
    const { id } = await post(
      'revenue',
      'Income',
      invoicedIncome('Programming', 'ACME sp. z o.o.', SUPPLIER, 'Warszawa'),
    )
    const noToken = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/send`, {})
    expect(noToken.statusCode).toBe(400)
    expect(Object.keys(noToken.json().fieldErrors)).toEqual(['token'])
    expect(sim.invoices).toHaveLength(0)

    const put = await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token, environment: 'TEST' })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ hasToken: true, environment: 'TEST' })
    // The token is never answered, and at rest it is not readable.
    expect(put.body).not.toContain(sim.token)
    const userId = JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string
    const sealed = await h.store.secrets.get(`ksef:token:${userId}`)
    expect(sealed).not.toBeNull()
    expect(sealed).not.toContain(sim.token.slice(0, 20))
    expect(openToken(testConfig().secrets.jwtSecret, userId, sealed ?? '')).toBe(sim.token)
    // Bound to its user: the same value does not open for another.
    expect(openToken(testConfig().secrets.jwtSecret, 'someone-else', sealed ?? '')).toBeNull()

    const sent = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/send`, {})
    expect(sent.statusCode).toBe(200)
    const { ksefNumber } = sent.json() as { ksefNumber: string }
    expect(isKsefNumber(ksefNumber)).toBe(true)
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(['FV 7/2026'])
    const incomes = (await call(h.app, t, 'GET', '/api/revenue/GetListByType/Income')).json() as {
      id: number
      dataObject: { ksefNumber: string | null }
    }[]
    expect(incomes.find((i) => i.id === id)?.dataObject.ksefNumber).toBe(ksefNumber)
    const upo = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/upo`)
    expect(upo.statusCode).toBe(200)
    expect(upo.body).toContain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`)
    const again = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/send`, {})
    expect(again.statusCode).toBe(409)
    expect(sim.invoices).toHaveLength(1)

    sim.receive(purchase('ZAK 1/03'))
    const fetched = await call(h.app, t, 'POST', '/api/ksef/fetch')
    expect(fetched.statusCode).toBe(200)
    expect(fetched.json()).toMatchObject({ ok: true, received: 1, imported: 1, duplicates: 0, refused: 0 })
    const expenses = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as {
      dataObject: { documentNumber: string; ksefNumber: string | null }
    }[]
    expect(expenses.map((e) => e.dataObject.documentNumber)).toContain('ZAK 1/03')
    // The next fetch starts at the mark: nothing new, nothing imported twice.
    const next = await call(h.app, t, 'POST', '/api/ksef/fetch')
    expect(next.json()).toMatchObject({ ok: true, imported: 0 })
    expect(((await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as unknown[]).length).toBe(
      expenses.length,
    )
    const status = (await call(h.app, t, 'GET', '/api/ksef/connection')).json()
    expect(status.lastSend).toMatchObject({ itemId: id, ksefNumber })
    expect(status.lastFetch).toMatchObject({ ok: true })
  })

  it('answers KSeF’s limit with when to come back, and records the failed fetch', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t } = await company()
    await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token })
    sim.fail({ method: 'POST', path: /^\/invoices\/exports$/, answer: 429, retryAfter: 900 })
    const res = await call(h.app, t, 'POST', '/api/ksef/fetch')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('900')
    expect(res.headers['x-finance-ksef-error']).toBe('RATE_LIMITED')
    const status = (await call(h.app, t, 'GET', '/api/ksef/connection')).json()
    expect(status.lastFetch).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
  })

  it('fetches on schedule for the users with a token, the result shown as the screen’s own', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t } = await company()
    await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token })
    sim.receive(purchase('ZAK 9/03'))
    expect(await h.app.runKsefFetches()).toEqual({ users: 1, fetched: 1, failed: 0, skipped: 0 })
    const status = (await call(h.app, t, 'GET', '/api/ksef/connection')).json()
    expect(status.lastFetch).toMatchObject({ ok: true, received: 1, imported: 1 })
  })

  it('refuses a token KSeF does not know, saying so', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t } = await company()
    await call(h.app, t, 'PUT', '/api/ksef/connection', { token: 'not-the-right-token-0123' })
    const res = await call(h.app, t, 'POST', '/api/ksef/fetch')
    expect(res.statusCode).toBe(502)
    expect(res.headers['x-finance-ksef-error']).toBe('UNAUTHORIZED')
  })
})
