/**
 * The NBP web API adapter of the `ExchangeRates` port (https://api.nbp.pl, "API NBP" documentation): table A for a
 * range of days is `GET {base}/api/exchangerates/tables/A/{startDate}/{endDate}/?format=json`, answered with a JSON
 * array of tables `{ table: "A", no: "084/A/NBP/2026", effectiveDate: "2026-04-30", rates: [{ currency, code, mid }] }`
 * (`mid`: złoty per one unit of the currency), or `404 Not Found - Brak danych` when the range holds no table. A query
 * covers at most 93 days (the API answers `400` beyond), so longer ranges are asked in parts.
 *
 * The rates keep the digits the NBP sent: `mid` is read from the JSON text as written, never through a float.
 */
import { addDays, isTableACurrency, isTableBCurrency, type RateTable } from '@finance/ledger-core/light'
import type { ExchangeRates, RatesAnswer } from './port.ts'

export const NBP_API_BASE = 'https://api.nbp.pl'
/** The longest range one query of the NBP API may ask for. */
export const NBP_MAX_DAYS = 93

type Fetch = (
  url: string,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{
  status: number
  text(): Promise<string>
}>

const TABLE_NO = { A: /^\d{1,3}\/A\/NBP\/\d{4}$/, B: /^\d{1,3}\/B\/NBP\/\d{4}$/ }
const QUOTED = { A: isTableACurrency, B: isTableBCurrency }
const DATE = /^\d{4}-\d{2}-\d{2}$/
const CODE = /^[A-Z]{3}$/
const MID = /^\d{1,6}(\.\d{1,10})?$/

/**
 * JSON with every `mid` kept as the text of its number: the number is quoted before parsing (a rate never passes
 * through a float). Only `"mid": <number>` is touched; a string inside a currency's name cannot look like it.
 */
const parseKeepingMid = (text: string): unknown =>
  JSON.parse(text.replace(/"mid"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, '"mid":"$1"'))

/** The tables of an API answer (table A, or table B when asked for it), or the reason it is not one. */
export const tablesOfAnswer = (text: string, kind: 'A' | 'B' = 'A'): RateTable[] | string => {
  let json: unknown
  try {
    json = parseKeepingMid(text)
  } catch {
    return 'The NBP answer is not JSON'
  }
  if (!Array.isArray(json)) return 'The NBP answer is not a list of tables'
  const out: RateTable[] = []
  for (const t of json as Record<string, unknown>[]) {
    if (t?.table !== kind || typeof t.no !== 'string' || !TABLE_NO[kind].test(t.no))
      return `The NBP answer holds a table that is not table ${kind}`
    if (typeof t.effectiveDate !== 'string' || !DATE.test(t.effectiveDate)) return `Table ${t.no} has no effective date`
    if (!Array.isArray(t.rates)) return `Table ${t.no} has no rates`
    const rates: Record<string, string> = {}
    for (const r of t.rates as Record<string, unknown>[]) {
      if (typeof r?.code !== 'string' || !CODE.test(r.code) || typeof r.mid !== 'string' || !MID.test(r.mid))
        return `Table ${t.no} has a rate that is not a currency code with its average rate`
      if (QUOTED[kind](r.code)) rates[r.code] = r.mid
    }
    out.push({ no: t.no, date: t.effectiveDate, rates })
  }
  return out
}

/** The NBP web API over `fetch` (Node's by default), at `base` (the official address by default). */
export class NbpWebRates implements ExchangeRates {
  private readonly fetchFn: Fetch
  private readonly base: string
  private readonly timeoutMs: number
  constructor(fetchFn: Fetch = globalThis.fetch as unknown as Fetch, base: string = NBP_API_BASE, timeoutMs = 15_000) {
    this.fetchFn = fetchFn
    this.base = base
    this.timeoutMs = timeoutMs
  }

  tablesA(from: string, to: string): Promise<RatesAnswer> {
    return this.tables('A', from, to)
  }

  /** Table B (published on Wednesdays): the same address with `B`. */
  tablesB(from: string, to: string): Promise<RatesAnswer> {
    return this.tables('B', from, to)
  }

  private async tables(kind: 'A' | 'B', from: string, to: string): Promise<RatesAnswer> {
    const tables: RateTable[] = []
    for (let start = from; start <= to; start = addDays(start, NBP_MAX_DAYS)) {
      const last = addDays(start, NBP_MAX_DAYS - 1)
      const end = last < to ? last : to
      const url = `${this.base}/api/exchangerates/tables/${kind}/${start}/${end}/?format=json`
      let status: number
      let text: string
      try {
        const res = await this.fetchFn(url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(this.timeoutMs),
        })
        status = res.status
        text = await res.text()
      } catch (err) {
        return { ok: false, reason: 'unreachable', message: `The NBP API cannot be reached: ${(err as Error).message}` }
      }
      // 404 "Not Found - Brak danych": no table in the range (a holiday run).
      if (status === 404) continue
      if (status !== 200)
        return { ok: false, reason: 'badAnswer', message: `The NBP API answered ${status}: ${text.slice(0, 200)}` }
      const got = tablesOfAnswer(text, kind)
      if (typeof got === 'string') return { ok: false, reason: 'badAnswer', message: got }
      tables.push(...got)
    }
    return { ok: true, tables }
  }
}
