/**
 * `rates/*` and items in a foreign currency through the API: the archive import, the fetch through the port (recorded
 * NBP answers), the preview, the save with its złoty amounts, the 400 of a missing rate (nothing written) and the
 * 502 of an unreachable NBP.
 */
import { readFileSync } from 'node:fs'
import { NbpWebRates } from '@finance/books'
import { describe, expect, it } from 'vitest'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const nbp = (name: string) => new URL(`../../books/test/fixtures/nbp/${name}`, import.meta.url)
const archive = readFileSync(nbp('archiwum_tab_a_2026.csv')).toString('base64')
const answer = readFileSync(nbp('tables-A-2026-04-28-2026-05-05.body'), 'utf8')
const recordedNbp = new NbpWebRates(async (url) =>
  url === 'https://api.nbp.pl/api/exchangerates/tables/A/2026-04-28/2026-05-05/?format=json'
    ? { status: 200, text: async () => answer }
    : { status: 404, text: async () => '404 NotFound - Not Found - Brak danych' },
)

const eurIncome = {
  date: '2026-05-04',
  name: 'Consulting FV 7/05/2026',
  isCompany: true,
  percent: '23',
  invoiceDate: '2026-05-04',
  currency: { code: 'EUR', amount: '1000.00' },
}

describe('rates/* and items in a currency', () => {
  it('imports the archive, previews and saves an EUR income at the table of the last working day before', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z' })
    const t = await h.user('a@example.com')
    const imported = await call(h.app, t, 'POST', '/api/rates/import', {
      fileName: 'archiwum_tab_a_2026.csv',
      base64: archive,
    })
    expect(imported.statusCode).toBe(200)
    expect(imported.json()).toMatchObject({ added: 6, from: '2026-01-01', to: '2026-05-04' })
    const held = await call(h.app, t, 'GET', '/api/rates?from=2026-04-30&to=2026-04-30')
    expect(held.json().tables).toEqual([
      { no: '084/A/NBP/2026', date: '2026-04-30', rates: expect.objectContaining({ EUR: '4.2345' }) },
    ])

    const preview = await call(h.app, t, 'POST', '/api/rates/preview', { dataType: 'Income', data: eurIncome })
    expect(preview.json().conversion).toMatchObject({
      amount: '4234.50',
      currency: { code: 'EUR', amount: '1000.00', vatRate: { table: '084/A/NBP/2026', date: '2026-04-30' } },
    })
    const saved = await call(h.app, t, 'POST', '/api/revenue', { dataType: 'Income', dataObject: eurIncome })
    expect(saved.statusCode).toBe(201)
    expect(saved.json().dataObject).toMatchObject({ amount: '4234.50', currency: { pitAmount: '4234.50' } })
  })

  it('a missing rate is a 400 naming the currency, the table and the day; nothing is written', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z' })
    const t = await h.user('a@example.com')
    const res = await call(h.app, t, 'POST', '/api/revenue', { dataType: 'Income', dataObject: eurIncome })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({
      currency: 'No NBP table A rate of EUR for 2026-04-30: import the NBP table for that day',
    })
    expect((await call(h.app, t, 'GET', '/api/data/Income')).json()).toEqual([])
  })

  it('fetches table A through the port; an unreachable NBP is a 502 and a bad range a 400', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z', rates: recordedNbp })
    const t = await h.user('a@example.com')
    const res = await call(h.app, t, 'POST', '/api/rates/fetch', { from: '2026-04-28', to: '2026-05-05' })
    expect(res.statusCode).toBe(200)
    expect(res.json().added).toBe(5)
    const bad = await call(h.app, t, 'POST', '/api/rates/fetch', { from: '2026-05-05', to: '2026-04-28' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({ to: 'The date range must not end before it starts' })
    await h.close()
    h = await harness({
      now: '2026-05-06T10:00:00.000Z',
      rates: new NbpWebRates(async () => {
        throw new Error('getaddrinfo ENOTFOUND api.nbp.pl')
      }),
    })
    const t2 = await h.user('b@example.com')
    const down = await call(h.app, t2, 'POST', '/api/rates/fetch', { from: '2026-04-28', to: '2026-05-05' })
    expect(down.statusCode).toBe(502)
    expect(down.json().errors[0]).toMatch(/^The NBP API cannot be reached/)
  })

  it('a file that is not an NBP archive is refused whole with its reason', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z' })
    const t = await h.user('a@example.com')
    const res = await call(h.app, t, 'POST', '/api/rates/import', { csv: 'Date,EUR\n2026-01-02,4.2' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({ file: 'Not an NBP table A archive: no header row starting with "data;"' })
    expect((await call(h.app, t, 'GET', '/api/rates?from=2026-01-01&to=2026-12-31')).json().tables).toEqual([])
  })

  it('user input is a 400, never a 500', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z', rates: recordedNbp })
    const t = await h.user('a@example.com')
    const bad: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/api/rates/preview', { dataType: 'Income', data: { currency: { code: 'EUR', amount: 'x' } } }],
      ['POST', '/api/rates/preview', { dataType: 'Nope', data: {} }],
      ['POST', '/api/rates/preview', { dataType: 'Income', data: { ...eurIncome, currency: 'EUR' } }],
      ['POST', '/api/rates/import', { base64: '!!!' }],
      ['POST', '/api/rates/import', { csv: 'x', base64: 'eA==' }],
      ['POST', '/api/rates/fetch', { from: '2026-02-30', to: '2026-03-01' }],
      ['POST', '/api/rates/fetch', { from: '2020-01-01', to: '2026-01-01' }],
      ['GET', '/api/rates?from=x&to=2026-01-01', undefined],
      ['POST', '/api/revenue', { dataType: 'RecurringIncome', dataObject: { ...eurIncome, repetitions: 2 } }],
    ]
    for (const [method, url, body] of bad) {
      const res = await call(h.app, t, method, url, body)
      expect([url, res.statusCode]).toEqual([url, 400])
    }
  })
})
