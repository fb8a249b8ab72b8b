/**
 * The ECB rate for VAT (uVAT art. 31a ust. 1 zdanie drugie) and NBP table B through the API: the VAT setting's
 * choice, the ECB history import and fetch (recorded answers in the ECB's shape), an EUR income saved at the ECB rate,
 * the NBP rate chosen again on any day, table B fetched and used, and the bank's own rate of a payment.
 */
import { readFileSync } from 'node:fs'
import { EcbWebRates, NbpWebRates } from '@finance/books'
import { describe, expect, it } from 'vitest'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const fixture = (name: string) => readFileSync(new URL(`../../books/test/fixtures/${name}`, import.meta.url))
const nbpA = fixture('nbp/archiwum_tab_a_2026.csv').toString('base64')
const ecbXml = fixture('ecb/eurofxref-hist-90d.xml').toString('utf8')
const ecbCsv = fixture('ecb/eurofxref-hist.csv').toString('utf8')
const tableB = fixture('nbp/tables-B-2026-04-27-2026-05-03.body').toString('utf8')

const income = (currency: Record<string, unknown>) => ({
  date: '2026-05-04',
  name: 'Consulting FV 7/05/2026',
  isCompany: true,
  percent: '23',
  invoiceDate: '2026-05-04',
  currency,
})

describe('the ECB rate for VAT through the API', () => {
  it('the VAT setting chooses the ECB; an EUR income is saved at the ECB rate of 30 April; NBP again the next day applies from then', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z' })
    const t = await h.user('a@example.com')
    expect((await call(h.app, t, 'POST', '/api/rates/import', { base64: nbpA })).statusCode).toBe(200)
    const ecb = await call(h.app, t, 'POST', '/api/rates/ecb/import', { fileName: 'eurofxref-hist.csv', csv: ecbCsv })
    expect(ecb.json()).toMatchObject({ added: 3, from: '2026-04-29', to: '2026-05-04' })
    const vat = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { date: '2026-01-01', percent: '23', paymentInterval: 1, vatExchangeRate: 'ecb' },
    })
    expect(vat.statusCode).toBe(201)
    const saved = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: income({ code: 'EUR', amount: '1000.00' }),
    })
    expect(saved.json().dataObject).toMatchObject({
      amount: '4231.00',
      currency: { vatRate: { table: 'ECB', date: '2026-04-30', rate: '4.2310' }, pitAmount: '4234.50' },
    })
    // No minimum period for the ECB choice: NBP again from 4 May is saved, and the next item of 4 May takes NBP.
    const back = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { date: '2026-05-04', percent: '23', paymentInterval: 1, vatExchangeRate: 'nbp' },
    })
    expect(back.statusCode).toBe(201)
    const atNbp = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: income({ code: 'EUR', amount: '1000.00' }),
    })
    expect(atNbp.json().dataObject).toMatchObject({
      amount: '4234.50',
      currency: { vatRate: { date: '2026-04-30', rate: '4.2345' } },
    })
    const wrong = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { date: '2027-06-01', percent: '23', paymentInterval: 1, vatExchangeRate: 'fed' },
    })
    expect(wrong.json().fieldErrors).toEqual({ vatExchangeRate: 'Exchange rate for VAT must be nbp or ecb' })
  })

  it('the ECB fetch through the port records the days published; an unreachable ECB is a 502', async () => {
    h = await harness({
      now: '2026-05-06T10:00:00.000Z',
      ecbRates: new EcbWebRates(
        async () => ({ status: 200, text: async () => ecbXml }),
        undefined,
        () => '2026-05-06',
      ),
    })
    const t = await h.user('a@example.com')
    const done = await call(h.app, t, 'POST', '/api/rates/ecb/fetch', { from: '2026-04-28', to: '2026-05-06' })
    expect(done.json()).toMatchObject({ added: 3, to: '2026-05-04' })
    // A reversed range: the API's one message for it, on `to`, before the port is asked.
    const reversed = await call(h.app, t, 'POST', '/api/rates/ecb/fetch', { from: '2026-05-06', to: '2026-04-28' })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().fieldErrors).toEqual({ to: 'The date range must not end before it starts' })
    await h.close()
    h = await harness({
      ecbRates: new EcbWebRates(async () => {
        throw new Error('offline')
      }),
    })
    const t2 = await h.user('b@example.com')
    const down = await call(h.app, t2, 'POST', '/api/rates/ecb/fetch', { from: '2026-04-28', to: '2026-05-06' })
    expect(down.statusCode).toBe(502)
  })
})

describe('NBP table B and the bank rate through the API', () => {
  it('table B fetched for an AED income; a payment exchanged by the bank at its own rate', async () => {
    h = await harness({
      now: '2026-06-15T10:00:00.000Z',
      rates: new NbpWebRates(async (url) =>
        url.includes('/tables/B/')
          ? { status: 200, text: async () => tableB }
          : { status: 404, text: async () => '404 NotFound - Not Found - Brak danych' },
      ),
    })
    const t = await h.user('a@example.com')
    const fetched = await call(h.app, t, 'POST', '/api/rates/fetch', {
      from: '2026-04-27',
      to: '2026-05-03',
      table: 'B',
    })
    expect(fetched.json()).toMatchObject({ added: 1 })
    const bad = await call(h.app, t, 'POST', '/api/rates/fetch', { from: '2026-04-27', to: '2026-05-03', table: 'C' })
    expect(bad.statusCode).toBe(400)
    const aed = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: income({ code: 'AED', amount: '10000.00' }),
    })
    expect(aed.json().dataObject).toMatchObject({ amount: '10520.00' })
    expect((await call(h.app, t, 'POST', '/api/rates/import', { base64: nbpA })).statusCode).toBe(200)
    const paid = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: income({ code: 'EUR', amount: '1000.00', paidOn: '2026-05-04', bankRate: '4,2500' }),
    })
    expect(paid.json().dataObject.currency).toMatchObject({
      bankRate: '4.2500',
      paidRate: { table: 'bank', date: '2026-05-04', rate: '4.2500' },
      paidAmount: '4250.00',
    })
  })
})
