/**
 * The ECB's euro foreign exchange reference rates (uVAT art. 31a ust. 1 zdanie drugie; docs/tax-rules.md §23), in the shapes the
 * ECB publishes them at https://www.ecb.europa.eu/stats/eurofxref/:
 * - XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`): a `gesmes:Envelope` whose `Cube`
 *   holds one `<Cube time="yyyy-mm-dd">` per day with `<Cube currency="USD" rate="1.0900"/>` per currency;
 * - CSV (`eurofxref-hist.csv`, inside `eurofxref-hist.zip`): a header `Date,USD,JPY,…,` and one row per day, newest
 *   first, `N/A` where a currency was not quoted that day.
 * Rates are units of the currency per 1 EUR (PLN among them), kept as the digits published. A file or answer that does
 * not read as such is refused whole with the reason. `EcbWebRates` is the adapter of the `EcbRates` port; it is
 * tested on recorded answers (the ECB is not reachable from the machines Finance is built on).
 */
import { addDays, dateInPoland, ECB_TABLE, isLocalDate, type RateTable } from '@finance/ledger-core/light'
import { SaxesParser } from 'saxes'
import type { EcbRates, RatesAnswer } from './port.ts'

export interface EcbRead {
  readonly ok: true
  readonly tables: readonly RateTable[]
  /** The days the source covers whole: its first to its last published day. */
  readonly from: string
  readonly to: string
}
export interface EcbRefused {
  readonly ok: false
  readonly message: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const CODE = /^[A-Z]{3}$/
const RATE = /^\d{1,6}(\.\d{1,10})?$/

const refused = (message: string): EcbRefused => ({ ok: false, message })

/** The tables sorted by day, with the range they cover; none is a refusal. */
const finish = (tables: RateTable[], what: string): EcbRead | EcbRefused => {
  if (tables.length === 0) return refused(`Not ECB reference rates: ${what} holds no day with rates`)
  tables.sort((a, b) => (a.date < b.date ? -1 : 1))
  for (let i = 1; i < tables.length; i++)
    if (tables[i]!.date === tables[i - 1]!.date) return refused(`The ECB rates of ${tables[i]!.date} are given twice`)
  if (tables.some((t) => t.rates.PLN === undefined))
    return refused(`The ECB rates of ${tables.find((t) => t.rates.PLN === undefined)!.date} have no PLN rate`)
  return { ok: true, tables, from: tables[0]!.date, to: tables.at(-1)!.date }
}

/** Reads the ECB's history CSV (`eurofxref-hist.csv`). */
export const readEcbCsv = (text: string): EcbRead | EcbRefused => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const header = (lines[0] ?? '').split(',').map((c) => c.trim())
  if (header[0] !== 'Date' || !header.includes('PLN'))
    return refused('Not ECB reference rates: the first row must be "Date,USD,JPY,…" with a PLN column')
  const tables: RateTable[] = []
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split(',').map((c) => c.trim())
    if (cells.every((c) => c === '')) continue
    const date = cells[0] ?? ''
    if (!DATE.test(date)) return refused(`Row ${i + 1}: "${date}" is not a date yyyy-mm-dd`)
    // Written right but no day of the calendar: the file's fault, named by its row (not the range it would cover).
    if (!isLocalDate(date)) return refused(`Row ${i + 1}: ${date} is not a real date`)
    if (cells.length !== header.length)
      return refused(`Row ${i + 1}: ${cells.length} cells where the header has ${header.length}`)
    const rates: Record<string, string> = {}
    for (let c = 1; c < header.length; c++) {
      const code = header[c]!
      const v = cells[c] ?? ''
      if (code === '' || v === '' || v === 'N/A') continue
      if (!CODE.test(code)) return refused(`Not ECB reference rates: the column "${code}" is not a currency code`)
      if (!RATE.test(v)) return refused(`Row ${i + 1}: the ${code} rate "${v}" is not a decimal number`)
      rates[code] = v
    }
    tables.push({ no: ECB_TABLE, date, rates })
  }
  return finish(tables, 'the file')
}

/** A refusal raised inside the XML reader's handlers, which stops the reading at once. */
class EcbXmlRefusal extends Error {}

const NOT_ECB = 'Not ECB reference rates: no gesmes:Envelope with Cube elements'
const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Reads the ECB's XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`) with saxes, the
 * streaming reader used for camt.053: one pass over the text, so any input is read or refused in time linear in its
 * length (a scan by regular expressions was quadratic on many unclosed days). Entities are not expanded (saxes knows
 * only XML's five) and a DOCTYPE is refused; the first problem ends the reading.
 */
export const readEcbXml = (text: string): EcbRead | EcbRefused => {
  const tables: RateTable[] = []
  let root: string | undefined
  let cubes = 0
  let depth = 0
  /** The day being read and the depth of its `<Cube time>`. */
  let day: { date: string; rates: Record<string, string>; depth: number } | null = null
  const parser = new SaxesParser()
  parser.on('doctype', () => {
    throw new EcbXmlRefusal('Not ECB reference rates: a document type declaration (DOCTYPE) is not accepted')
  })
  parser.on('opentag', (tag) => {
    depth++
    const name = localName(tag.name)
    if (root === undefined) {
      root = name
      if (name !== 'Envelope') throw new EcbXmlRefusal(NOT_ECB)
    }
    if (name !== 'Cube') return
    cubes++
    const attrs = tag.attributes as Record<string, string>
    if (attrs.time !== undefined) {
      const date = attrs.time
      if (day !== null) throw new EcbXmlRefusal(`The ECB rates of ${day.date} hold another day (${date}) inside`)
      if (!DATE.test(date)) throw new EcbXmlRefusal(`"${date}" is not a date yyyy-mm-dd`)
      if (!isLocalDate(date)) throw new EcbXmlRefusal(`${date} is not a real date`)
      day = { date, rates: {}, depth }
    } else if (attrs.currency !== undefined && day !== null) {
      const code = attrs.currency
      const rate = attrs.rate ?? ''
      if (!CODE.test(code) || !RATE.test(rate))
        throw new EcbXmlRefusal(
          `The ECB rates of ${day.date} hold "${code}" "${rate}", not a currency code and a decimal rate`,
        )
      day.rates[code] = rate
    }
  })
  parser.on('closetag', () => {
    if (day !== null && day.depth === depth) {
      tables.push({ no: ECB_TABLE, date: day.date, rates: day.rates })
      day = null
    }
    depth--
  })
  try {
    parser.write(text).close()
  } catch (e) {
    if (e instanceof EcbXmlRefusal) return refused(e.message)
    if (root === undefined) return refused(NOT_ECB)
    return refused(`Not ECB reference rates: the answer is not well-formed XML: ${(e as Error).message}`)
  }
  if (root === undefined || cubes === 0) return refused(NOT_ECB)
  return finish(tables, 'the answer')
}

/** The ECB's history file as a user supplies it: CSV or XML, by its first characters. */
export const readEcbHistory = (content: Uint8Array | string): EcbRead | EcbRefused => {
  const text = typeof content === 'string' ? content : new TextDecoder('utf-8').decode(content)
  return text.trimStart().startsWith('<') ? readEcbXml(text) : readEcbCsv(text)
}

export const ECB_BASE = 'https://www.ecb.europa.eu/stats/eurofxref'

type Fetch = (
  url: string,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>

/**
 * The ECB's published XML over `fetch`: the last 90 days (`eurofxref-hist-90d.xml`) when the range starts within
 * them, else the whole history (`eurofxref-hist.xml`); the days asked for are kept.
 */
export class EcbWebRates implements EcbRates {
  private readonly fetchFn: Fetch
  private readonly base: string
  private readonly today: () => string
  constructor(
    fetchFn: Fetch = globalThis.fetch as unknown as Fetch,
    base: string = ECB_BASE,
    today: () => string = () => dateInPoland(new Date()),
  ) {
    this.fetchFn = fetchFn
    this.base = base
    this.today = today
  }

  async ecbTables(from: string, to: string): Promise<RatesAnswer> {
    const file = from >= addDays(this.today(), -89) ? 'eurofxref-hist-90d.xml' : 'eurofxref-hist.xml'
    let status: number
    let text: string
    try {
      const res = await this.fetchFn(`${this.base}/${file}`, {
        headers: { Accept: 'application/xml' },
        signal: AbortSignal.timeout(30_000),
      })
      status = res.status
      text = await res.text()
    } catch (err) {
      return { ok: false, reason: 'unreachable', message: `The ECB cannot be reached: ${(err as Error).message}` }
    }
    if (status !== 200) return { ok: false, reason: 'badAnswer', message: `The ECB answered ${status}` }
    const read = readEcbXml(text)
    if (!read.ok) return { ok: false, reason: 'badAnswer', message: read.message }
    return { ok: true, tables: read.tables.filter((t) => t.date >= from && t.date <= to) }
  }
}
