/**
 * NBP rates through the port: the web API adapter on recorded answers in the shape the NBP API documentation gives
 * (api.nbp.pl: `/api/exchangerates/tables/A/{startDate}/{endDate}/?format=json`; 404 "Brak danych"; 400 beyond 93
 * days), and the yearly table A archive in its published layout (Windows-1250, `;`, decimal commas, the units in the
 * column names). The rates in the fixtures are example values, not the NBP's; the answer is kept byte for byte as `.body` (a formatter would rewrite a `.json`).
 */
import { readFileSync } from 'node:fs'
import { createMemoryStore } from '@finance/event-store'
import { type Item, isDomainError } from '@finance/ledger-core/light'
import { buildInvoice } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import {
  executeBooks,
  fetchRates,
  importInvoices,
  importRatesArchive,
  loadBooks,
  NbpWebRates,
  previewConversion,
  RatesUnavailable,
  rateOn,
  readNbpArchive,
  tablesOfAnswer,
} from '../src/index.ts'

const fixture = (name: string) => new URL(`./fixtures/nbp/${name}`, import.meta.url)
const answer = readFileSync(fixture('tables-A-2026-04-28-2026-05-05.body'), 'utf8')
const archive = new Uint8Array(readFileSync(fixture('archiwum_tab_a_2026.csv')))
const at = new Date('2026-05-06T10:00:00Z')

/** A fetch that answers from recordings by URL, and remembers what was asked. */
const recorded = (answers: Record<string, { status: number; body: string }>) => {
  const asked: string[] = []
  const fetchFn = async (url: string) => {
    asked.push(url)
    const a = answers[url] ?? { status: 404, body: readFileSync(fixture('not-found.txt'), 'utf8') }
    return { status: a.status, text: async () => a.body }
  }
  return { asked, fetchFn }
}

describe('the NBP web API adapter', () => {
  it('reads a recorded answer keeping the digits as sent (no float)', () => {
    const tables = tablesOfAnswer(answer)
    expect(Array.isArray(tables) && tables.map((t) => [t.no, t.date, t.rates.EUR, t.rates.IDR, t.rates.HUF])).toEqual([
      ['082/A/NBP/2026', '2026-04-28', '4.2281', '0.00023900', '0.010950'],
      ['083/A/NBP/2026', '2026-04-29', '4.2290', '0.00023905', '0.010952'],
      ['084/A/NBP/2026', '2026-04-30', '4.2345', '0.00023900', '0.010950'],
      ['085/A/NBP/2026', '2026-05-04', '4.2401', '0.00023910', '0.010961'],
      ['086/A/NBP/2026', '2026-05-05', '4.2398', '0.00023908', '0.010958'],
    ])
  })

  it('asks the documented address per range of at most 93 days; 404 "Brak danych" is no table', async () => {
    const { asked, fetchFn } = recorded({
      'https://api.nbp.pl/api/exchangerates/tables/A/2026-04-28/2026-05-05/?format=json': { status: 200, body: answer },
    })
    const port = new NbpWebRates(fetchFn)
    const got = await port.tablesA('2026-04-28', '2026-05-05')
    expect(got.ok && got.tables.length).toBe(5)
    const long = await port.tablesA('2026-01-01', '2026-06-30')
    expect(long).toEqual({ ok: true, tables: [] })
    expect(asked.slice(1)).toEqual([
      'https://api.nbp.pl/api/exchangerates/tables/A/2026-01-01/2026-04-03/?format=json',
      'https://api.nbp.pl/api/exchangerates/tables/A/2026-04-04/2026-06-30/?format=json',
    ])
  })

  it('an answer that is not a table A list, a 400, and an unreachable API are reasons, never tables', async () => {
    expect(tablesOfAnswer('[{"table":"B","no":"1/B/NBP/2026"}]')).toBe(
      'The NBP answer holds a table that is not table A',
    )
    expect(tablesOfAnswer('<html>')).toBe('The NBP answer is not JSON')
    const limit = readFileSync(fixture('limit-exceeded.txt'), 'utf8')
    const bad = new NbpWebRates(async () => ({ status: 400, text: async () => limit }))
    expect(await bad.tablesA('2026-01-01', '2026-01-02')).toEqual({
      ok: false,
      reason: 'badAnswer',
      message: `The NBP API answered 400: ${limit}`,
    })
    const down = new NbpWebRates(async () => {
      throw new Error('getaddrinfo ENOTFOUND api.nbp.pl')
    })
    expect(await down.tablesA('2026-01-01', '2026-01-02')).toMatchObject({ ok: false, reason: 'unreachable' })
  })

  it('fetched tables are kept in the books; fetching again writes nothing; an unreachable API writes nothing', async () => {
    const store = createMemoryStore()
    const { fetchFn } = recorded({
      'https://api.nbp.pl/api/exchangerates/tables/A/2026-04-28/2026-05-05/?format=json': { status: 200, body: answer },
    })
    const port = new NbpWebRates(fetchFn)
    const done = await fetchRates(store, 'u1', port, '2026-04-28', '2026-05-05', at)
    expect(!isDomainError(done) && done.added).toBe(5)
    const again = await fetchRates(store, 'u1', port, '2026-04-28', '2026-05-05', at)
    expect(!isDomainError(again) && again.added).toBe(0)
    const { state } = await loadBooks(store, 'u1')
    expect(rateOn(state, 'EUR', '2026-05-04')).toEqual({ table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' })
    const down = new NbpWebRates(async () => {
      throw new Error('offline')
    })
    await expect(fetchRates(store, 'u1', down, '2026-06-01', '2026-06-05', at)).rejects.toBeInstanceOf(RatesUnavailable)
    expect((await loadBooks(store, 'u1')).state.rates?.tables.size).toBe(5)
  })
})

describe('the NBP yearly archive of table A', () => {
  it('reads the published layout: units in the column names, decimal commas, the full table number', () => {
    const read = readNbpArchive(archive)
    expect(read.ok && [read.from, read.to, read.tables.length]).toEqual(['2026-01-01', '2026-05-04', 6])
    const t = read.ok ? read.tables.find((x) => x.date === '2026-04-30')! : null
    expect(t).toMatchObject({
      no: '084/A/NBP/2026',
      rates: { EUR: '4.2345', HUF: '0.01095', IDR: '0.000239', JPY: '0.0256' },
    })
  })

  it('a file that is not such an archive is refused whole with the row and the reason', () => {
    expect(readNbpArchive('a;b\n1;2')).toEqual({
      ok: false,
      message: 'Not an NBP table A archive: no header row starting with "data;"',
    })
    const text = new TextDecoder('windows-1250').decode(archive).replace('4,2345', '4.2345x')
    expect(readNbpArchive(text)).toEqual({
      ok: false,
      message: 'Row 7: the EUR rate "4.2345x" is not a decimal number',
    })
    // A day written right that the calendar has not is the file's fault, named by its row.
    const day = new TextDecoder('windows-1250').decode(archive).replace('20260430', '20260431')
    expect(readNbpArchive(day)).toEqual({ ok: false, message: 'Row 7: 2026-04-31 is not a real date' })
  })

  it('an imported archive converts an item; a day it does not cover is a 400 naming currency, table and day', async () => {
    const store = createMemoryStore()
    const done = await importRatesArchive(store, 'u1', archive, at)
    expect(!isDomainError(done) && done.added).toBe(6)
    const { state } = await loadBooks(store, 'u1')
    const item = {
      date: '2026-05-04',
      name: 'Consulting',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-05-04',
      currency: { code: 'EUR', amount: '1000.00' },
    }
    expect(await previewConversion(state, 'Income', item)).toMatchObject({
      amount: '4234.50',
      currency: { vatRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' }, pitAmount: '4234.50' },
    })
    const late = await executeBooks(store, 'u1', {
      type: 'AddItem',
      at: at.toISOString(),
      userId: 'u1',
      dataType: 'Income',
      data: { ...item, date: '2026-05-07', invoiceDate: '2026-05-07' },
    })
    expect(isDomainError(late) && late.errors).toEqual([
      {
        field: 'currency',
        code: 'REQUIRED',
        message: 'No NBP table A rate of EUR for 2026-05-06: import the NBP table for that day',
      },
    ])
  })
})

describe('an FA(3) invoice in a foreign currency', () => {
  const US = '5260250274'
  const xml = buildInvoice({
    sellerNip: '7740001454',
    buyerNip: US,
    number: 'INV-2026-118',
    issueDate: '2026-05-04',
    currency: 'EUR',
    amounts: [
      ['P_13_1', '1000.00'],
      ['P_14_1', '230.00'],
      ['P_14_1W', '973.94'],
    ],
    total: '1230.00',
    lines: [{ description: 'Licence', net: '1000.00', rate: '23', exchangeRate: '4.2345' }],
  })
  const company = async (store: ReturnType<typeof createMemoryStore>) => {
    const done = await executeBooks(store, 'u1', {
      type: 'SaveCompanyRecord',
      at: at.toISOString(),
      userId: 'u1',
      dataType: 'Primary',
      data: { companyName: 'Jan Kowalski', nip: US },
    })
    if (isDomainError(done)) throw new Error(JSON.stringify(done))
  }

  it('is imported with its currency and converted at the NBP rate the books hold', async () => {
    const store = createMemoryStore()
    await company(store)
    await importRatesArchive(store, 'u1', archive, at)
    const report = await importInvoices(
      store,
      'u1',
      [{ fileName: 'inv.xml', content: xml, ksefNumber: null }],
      () => at,
    )
    expect(report.results.map((r) => [r.status, r.items.map((i) => i.amount)])).toEqual([['imported', ['4234.50']]])
    const { state } = await loadBooks(store, 'u1')
    const saved = [...state.records.values()].find((r) => r.dataType === 'Expense')!.data as Item
    expect(saved.currency).toMatchObject({ code: 'EUR', amount: '1000.00', vatRate: { table: '084/A/NBP/2026' } })
  })

  it('without the NBP table of its day it is refused whole, naming the currency, the table and the day', async () => {
    const store = createMemoryStore()
    await company(store)
    const report = await importInvoices(
      store,
      'u1',
      [{ fileName: 'inv.xml', content: xml, ksefNumber: null }],
      () => at,
    )
    expect(report.results[0]).toMatchObject({
      status: 'refused',
      problems: [{ message: 'No NBP table A rate of EUR for 2026-04-30: import the NBP table for that day' }],
    })
    expect((await loadBooks(store, 'u1')).state.records.size).toBe(1)
  })
})
