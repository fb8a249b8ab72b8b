/**
 * The ECB's reference rates (uVAT art. 31a ust. 1 zdanie drugie) and NBP table B through the books: the ECB adapter
 * and the history file on recordings in the ECB's published shapes (eurofxref XML and CSV), the NBP web API's table B answer and the
 * yearly table B archive in the NBP's layout. The rates are example values, not the published ones.
 */
import { readFileSync } from 'node:fs'
import { createMemoryStore } from '@finance/event-store'
import { isDomainError } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { EcbWebRates, fetchEcbRates, importEcbHistory, readEcbCsv, readEcbXml } from '../src/index.ts'
import { fetchRates, importRatesArchive, NbpWebRates, readNbpArchive } from '../src/index.ts'
import { loadBooks, RatesUnavailable, rateOn } from '../src/index.ts'

const file = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const xml90d = file('ecb/eurofxref-hist-90d.xml')
const csv = file('ecb/eurofxref-hist.csv')
const at = new Date('2026-05-06T10:00:00Z')

describe('the ECB reference rates', () => {
  it('XML and CSV read to the same tables: units per euro as published, N/A left out, oldest first', () => {
    const x = readEcbXml(xml90d)
    const c = readEcbCsv(csv)
    expect(x.ok && [x.from, x.to, x.tables.map((t) => [t.date, t.rates.PLN, t.rates.GBP])]).toEqual([
      '2026-04-29',
      '2026-05-04',
      [
        ['2026-04-29', '4.2295', '0.84200'],
        ['2026-04-30', '4.2310', '0.84250'],
        ['2026-05-04', '4.2390', '0.84310'],
      ],
    ])
    expect(c.ok && c.tables.map((t) => [t.date, t.rates.PLN, t.rates.GBP, t.rates.BGN])).toEqual([
      ['2026-04-29', '4.2295', '0.84200', undefined],
      ['2026-04-30', '4.2310', '0.84250', undefined],
      ['2026-05-04', '4.2390', '0.84310', undefined],
    ])
  })

  it('a file that is not ECB rates, or has no PLN, is refused whole with the reason', () => {
    expect(readEcbCsv('a,b\n1,2')).toEqual({
      ok: false,
      message: 'Not ECB reference rates: the first row must be "Date,USD,JPY,…" with a PLN column',
    })
    expect(readEcbCsv(csv.replace('2026-04-30,1.0900', '2026-04-30,1,09'))).toEqual({
      ok: false,
      message: 'Row 3: 10 cells where the header has 9',
    })
    expect(readEcbXml('<html/>')).toMatchObject({ ok: false })
  })

  it('XML is read in one pass: 4 MB of days that never close, or of days followed by stray text, are refused at once', () => {
    // Both shapes made the former scan by regular expressions restart at every day and read to the end: quadratic
    // (2 MB held the event loop 32 s; 4 MB, the upload limit, about two minutes). Each must now end within the test's
    // default timeout.
    const envelope = '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube>'
    const unclosed = envelope + '<Cube time="2026-01-01">'.repeat(4_000_000 / 24)
    expect(unclosed.length).toBeGreaterThan(4_000_000)
    expect(readEcbXml(unclosed)).toEqual({
      ok: false,
      message: 'The ECB rates of 2026-01-01 hold another day (2026-01-01) inside',
    })
    const stray = envelope + '<Cube time="2026-01-01"></Cube>x'.repeat(4_000_000 / 32)
    expect(stray.length).toBeGreaterThan(4_000_000)
    expect(readEcbXml(stray)).toEqual({
      ok: false,
      message: `Not ECB reference rates: the answer is not well-formed XML: 1:${stray.length}: unclosed tag: Cube`,
    })
    expect(readEcbXml(`${stray}</Cube></gesmes:Envelope>`)).toEqual({
      ok: false,
      message: 'The ECB rates of 2026-01-01 are given twice',
    })
  })

  it('XML with a DOCTYPE or an entity is refused; a rate without its value is refused, not skipped', () => {
    const day = '<Cube time="2026-05-04"><Cube currency="PLN" rate="4.2390"/></Cube>'
    const doc = (inner: string) => `<gesmes:Envelope><Cube>${inner}</Cube></gesmes:Envelope>`
    expect(readEcbXml(doc(day))).toMatchObject({ ok: true, from: '2026-05-04', to: '2026-05-04' })
    expect(readEcbXml(`<!DOCTYPE gesmes:Envelope [<!ENTITY r "4.2390">]>${doc(day)}`)).toEqual({
      ok: false,
      message: 'Not ECB reference rates: a document type declaration (DOCTYPE) is not accepted',
    })
    expect(readEcbXml(doc(day.replace('4.2390', '&r;')))).toEqual({
      ok: false,
      message: 'Not ECB reference rates: the answer is not well-formed XML: 1:77: undefined entity.',
    })
    expect(readEcbXml(doc('<Cube time="2026-05-04"><Cube currency="PLN"/></Cube>'))).toEqual({
      ok: false,
      message: 'The ECB rates of 2026-05-04 hold "PLN" "", not a currency code and a decimal rate',
    })
  })

  it('the adapter asks the 90-day file for a recent range and the whole history for an older one', async () => {
    const asked: string[] = []
    const port = new EcbWebRates(
      async (url) => {
        asked.push(url)
        return { status: 200, text: async () => xml90d }
      },
      undefined,
      () => '2026-05-06',
    )
    const got = await port.ecbTables('2026-04-30', '2026-05-06')
    expect(got.ok && got.tables.map((t) => t.date)).toEqual(['2026-04-30', '2026-05-04'])
    await port.ecbTables('2025-01-01', '2025-01-31')
    expect(asked).toEqual([
      'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml',
      'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml',
    ])
  })

  it('fetched and imported rates are kept; the rate for 4 May is the ECB PLN rate of 30 April', async () => {
    const store = createMemoryStore()
    const port = new EcbWebRates(
      async () => ({ status: 200, text: async () => xml90d }),
      undefined,
      () => '2026-05-06',
    )
    const done = await fetchEcbRates(store, 'u1', port, '2026-04-28', '2026-05-06', at)
    expect(!isDomainError(done) && [done.added, done.to]).toEqual([3, '2026-05-04'])
    const { state } = await loadBooks(store, 'u1')
    expect(rateOn(state, 'EUR', '2026-05-04', 'ecb')).toEqual({ table: 'ECB', date: '2026-04-30', rate: '4.2310' })
    // GBP through the euro: 4.2310 / 0.84250 = 5.021958…
    expect(rateOn(state, 'GBP', '2026-05-04', 'ecb')).toMatchObject({ rate: '5.021958' })
    const other = createMemoryStore()
    const imported = await importEcbHistory(other, 'u1', csv, at)
    expect(!isDomainError(imported) && imported.added).toBe(3)
    const refused = await importEcbHistory(other, 'u1', 'nonsense', at)
    expect(isDomainError(refused) && refused.errors?.[0]?.field).toBe('file')
    const down = new EcbWebRates(async () => {
      throw new Error('offline')
    })
    await expect(fetchEcbRates(store, 'u1', down, '2026-06-01', '2026-06-05', at)).rejects.toBeInstanceOf(
      RatesUnavailable,
    )
  })
})

describe('NBP table B', () => {
  it('the web API adapter asks table B and keeps only table B currencies', async () => {
    const asked: string[] = []
    const port = new NbpWebRates(async (url) => {
      asked.push(url)
      return { status: 200, text: async () => file('nbp/tables-B-2026-04-27-2026-05-03.body') }
    })
    const store = createMemoryStore()
    const done = await fetchRates(store, 'u1', port, '2026-04-27', '2026-05-03', at, {}, 'B')
    expect(!isDomainError(done) && done.tables).toEqual([{ no: '017/B/NBP/2026', date: '2026-04-29' }])
    expect(asked).toEqual(['https://api.nbp.pl/api/exchangerates/tables/B/2026-04-27/2026-05-03/?format=json'])
    const { state } = await loadBooks(store, 'u1')
    expect(rateOn(state, 'AED', '2026-05-04')).toEqual({ table: '017/B/NBP/2026', date: '2026-04-29', rate: '1.0520' })
  })

  it('the yearly table B archive reads with its units; a day before the file is a missing table B', async () => {
    const archive = new Uint8Array(readFileSync(new URL('./fixtures/nbp/archiwum_tab_b_2026.csv', import.meta.url)))
    const read = readNbpArchive(archive)
    expect(read.ok && [read.table, read.from, read.to, read.tables.length]).toEqual([
      'B',
      '2026-01-01',
      '2026-04-29',
      4,
    ])
    expect(read.ok && read.tables.at(-1)!.rates).toEqual({ AED: '1.0520', RSD: '0.03612', TWD: '0.1208' })
    const store = createMemoryStore()
    await importRatesArchive(store, 'u1', archive, at)
    const { state } = await loadBooks(store, 'u1')
    expect(rateOn(state, 'RSD', '2026-04-28')).toMatchObject({ table: '016/B/NBP/2026', rate: '0.03611' })
    const missing = rateOn(state, 'AED', '2025-12-20')
    expect(isDomainError(missing) && missing.message).toBe(
      'No NBP table B rate of AED for 2025-12-17: import the NBP table for that day',
    )
  })
})
