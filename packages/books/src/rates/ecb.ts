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

/** Reads the ECB's XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`). */
export const readEcbXml = (text: string): EcbRead | EcbRefused => {
  if (!/<(\w+:)?Envelope[\s>]/.test(text) || !/<Cube[\s>]/.test(text))
    return refused('Not ECB reference rates: no gesmes:Envelope with Cube elements')
  const tables: RateTable[] = []
  const day = /<Cube\s+time=['"]([^'"]*)['"]\s*>([\s\S]*?)<\/Cube>\s*(?=<Cube\s+time=|<\/Cube>)/g
  for (let m = day.exec(text); m !== null; m = day.exec(text)) {
    const date = m[1]!
    if (!DATE.test(date)) return refused(`"${date}" is not a date yyyy-mm-dd`)
    if (!isLocalDate(date)) return refused(`${date} is not a real date`)
    const rates: Record<string, string> = {}
    const one = /<Cube\s+currency=['"]([^'"]*)['"]\s+rate=['"]([^'"]*)['"]\s*\/>/g
    for (let r = one.exec(m[2]!); r !== null; r = one.exec(m[2]!)) {
      const [, code = '', rate = ''] = r
      if (!CODE.test(code) || !RATE.test(rate))
        return refused(`The ECB rates of ${date} hold "${code}" "${rate}", not a currency code and a decimal rate`)
      rates[code] = rate
    }
    tables.push({ no: ECB_TABLE, date, rates })
  }
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
