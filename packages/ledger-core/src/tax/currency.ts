/**
 * Foreign-currency amounts in złoty, by the law (docs/tax-rules.md, "Foreign currency"):
 * - the VAT base at the NBP table A average rate of the last working day before the VAT tax point (uVAT art. 31a
 *   ust. 1);
 * - PIT / ryczałt revenue and costs at the NBP average rate of the last working day before the revenue or cost date
 *   (uPIT art. 11a ust. 1–2);
 * - realised exchange differences when the payment is known (uPIT art. 24c): the payment's value at the rate of the
 *   last working day before the payment day, against the value the revenue or cost was booked at.
 *
 * Rates come only from the tables the books hold (events `CurrencyRatesRecorded`): "the last working day before"
 * walks back over the Polish calendar (weekends and public holidays are skipped) and over working days on which the
 * NBP published no table (known from a recorded range that has no table on that day). A working day the books know
 * nothing about is a missing rate, never a guess. Every amount is rounded half-up to the grosz, once.
 */
import { addDays, isWorkingDay } from '../calendar.ts'
import { divRoundHalfUp, parseMoney } from '../money.ts'
import type { Grosze, LocalDateString } from '../types.ts'

/**
 * The currencies of NBP table A (2024–2026): ISO 4217 codes. An item in a foreign currency uses one of them; table B
 * currencies (published weekly) are not accepted.
 */
export const TABLE_A_CURRENCIES = [
  'THB',
  'USD',
  'AUD',
  'HKD',
  'CAD',
  'NZD',
  'SGD',
  'EUR',
  'HUF',
  'CHF',
  'GBP',
  'UAH',
  'JPY',
  'CZK',
  'DKK',
  'ISK',
  'NOK',
  'SEK',
  'RON',
  'BGN',
  'TRY',
  'ILS',
  'CLP',
  'PHP',
  'MXN',
  'ZAR',
  'BRL',
  'MYR',
  'IDR',
  'INR',
  'KRW',
  'CNY',
  'XDR',
] as const
export type CurrencyCode = (typeof TABLE_A_CURRENCIES)[number]
export const isTableACurrency = (s: unknown): s is CurrencyCode =>
  typeof s === 'string' && (TABLE_A_CURRENCIES as readonly string[]).includes(s)

/** A rate as published: złoty per one unit of the currency, a decimal string (`"4.2801"`, `"0.011135"`). */
export type RateString = string
const RATE = /^\d{1,6}(\.\d{1,10})?$/
export const isRateString = (s: unknown): s is RateString => typeof s === 'string' && RATE.test(s) && /[1-9]/.test(s)

/** One NBP table A: its number (`"005/A/NBP/2026"`), its day and the average rates by currency. */
export interface RateTable {
  readonly no: string
  readonly date: LocalDateString
  readonly rates: Readonly<Record<string, RateString>>
}

/** The rate used for one conversion: the table's number and day and the currency's rate in it. */
export interface RateUsed {
  readonly table: string
  readonly date: LocalDateString
  readonly rate: RateString
}

/** The tables the books hold: by day, and the day ranges a source covered whole (a day in them without a table had none). */
export interface RatesState {
  readonly tables: ReadonlyMap<LocalDateString, RateTable>
  readonly covered: readonly (readonly [LocalDateString, LocalDateString])[]
}

export const initialRates: RatesState = Object.freeze({ tables: new Map(), covered: [] })

/** The state after tables (and the range they cover whole) are recorded; an existing day's table is kept. */
export const withTables = (
  s: RatesState,
  tables: readonly RateTable[],
  from: LocalDateString,
  to: LocalDateString,
): RatesState => {
  const out = new Map(s.tables)
  for (const t of tables) {
    const old = out.get(t.date)
    out.set(t.date, old ? { ...old, rates: { ...t.rates, ...old.rates } } : t)
  }
  return { tables: out, covered: [...s.covered, [from, to] as const] }
}

const isCovered = (s: RatesState, day: LocalDateString) => s.covered.some(([a, b]) => a <= day && day <= b)

/** A missing rate: the currency, the table and the day whose table the books do not hold. */
export interface MissingRate {
  readonly code: string
  readonly table: 'A'
  readonly day: LocalDateString
}

export type RateLookup =
  | { readonly ok: true; readonly rate: RateUsed }
  | { readonly ok: false; readonly missing: MissingRate }

/** How far back "the last working day before" may look (a fortnight covers the longest holiday run). */
const MAX_LOOKBACK_DAYS = 14

/**
 * The NBP table A average rate of `code` on the last working day before `day` (uVAT art. 31a ust. 1, uPIT art. 11a
 * ust. 1): the walk back skips weekends and public holidays (`calendar.ts`) and working days inside a recorded range
 * without a table; the first working day the books know nothing about, or a table without the currency, is missing.
 */
export const rateBefore = (s: RatesState, code: string, day: LocalDateString): RateLookup => {
  let d = addDays(day, -1)
  for (let i = 0; i < MAX_LOOKBACK_DAYS; i++, d = addDays(d, -1)) {
    if (!isWorkingDay(d)) continue
    const t = s.tables.get(d)
    if (t) {
      const rate = t.rates[code]
      return rate === undefined
        ? { ok: false, missing: { code, table: 'A', day: d } }
        : { ok: true, rate: { table: t.no, date: t.date, rate } }
    }
    if (!isCovered(s, d)) return { ok: false, missing: { code, table: 'A', day: d } }
  }
  return { ok: false, missing: { code, table: 'A', day: d } }
}

/** A decimal rate as an integer over a power of ten. */
const scaled = (rate: RateString): { n: bigint; d: bigint } => {
  const [whole, frac = ''] = rate.split('.')
  return { n: BigInt(`${whole}${frac}`), d: 10n ** BigInt(frac.length) }
}

/**
 * An amount in a currency (a decimal string with two decimals, as typed) in grosze at `rate`: exact product, rounded
 * half-up to the grosz once (ends under half a grosz dropped, from half a grosz up raised: the rounding of uVAT art.
 * 106e ust. 11 and of the tax books' money).
 */
export const toZloty = (amount: string, rate: RateString): Grosze => {
  const { n, d } = scaled(rate)
  return divRoundHalfUp(parseMoney(amount) * n, d)
}

/** A rate in a table published per `units` of the currency (the archive's `100HUF`), per one unit, exact. */
export const perUnit = (rate: string, units: number): RateString => {
  if (units === 1) return rate
  const zeros = String(units).length - 1
  const [whole = '0', frac = ''] = rate.split('.')
  const scale = frac.length + zeros
  const digits = `${whole}${frac}`.replace(/^0+/, '').padStart(scale + 1, '0')
  const point = digits.length - scale
  return `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/0+$/, '').replace(/\.$/, '')
}

/** The conversions of one foreign-currency item: its VAT base and its PIT value in złoty with the rates used. */
export interface ItemConversion {
  readonly vat: { readonly rate: RateUsed; readonly amount: Grosze }
  readonly pit: { readonly rate: RateUsed; readonly amount: Grosze }
  /** The payment's value and rate when the payment day is known (art. 24c), else `null`. */
  readonly paid: { readonly rate: RateUsed; readonly amount: Grosze } | null
}

/**
 * Converts an item's currency amount for VAT (rate before `vatDate`), for PIT (rate before `pitDate`) and, when the
 * payment day is known, at the payment (rate before `paidOn`). Missing rates are listed, each once.
 */
export const convertItem = (
  s: RatesState,
  code: string,
  amount: string,
  vatDate: LocalDateString,
  pitDate: LocalDateString,
  paidOn: LocalDateString | null,
): { ok: true; value: ItemConversion } | { ok: false; missing: MissingRate[] } => {
  const at = (day: LocalDateString) => rateBefore(s, code, day)
  const lookups = [at(vatDate), at(pitDate), paidOn === null ? null : at(paidOn)] as const
  const missing: MissingRate[] = []
  for (const l of lookups) if (l && !l.ok && !missing.some((m) => m.day === l.missing.day)) missing.push(l.missing)
  if (missing.length > 0) return { ok: false, missing }
  const use = (l: RateLookup) => {
    const rate = (l as { ok: true; rate: RateUsed }).rate
    return { rate, amount: toZloty(amount, rate.rate) }
  }
  return { ok: true, value: { vat: use(lookups[0]), pit: use(lookups[1]), paid: lookups[2] ? use(lookups[2]) : null } }
}

/**
 * The realised exchange difference of a paid item (uPIT art. 24c ust. 2–3): positive (revenue) when an income was
 * worth more on the day it was received than on its revenue date, or an expense less on the day it was paid than on
 * its cost date; negative (a cost) the other way.
 */
export const exchangeDifference = (isIncome: boolean, booked: Grosze, paid: Grosze): Grosze =>
  isIncome ? paid - booked : booked - paid

/** The message of a missing rate (the API's 400, translated by the web catalogs by its text). */
export const missingRateMessage = (m: MissingRate): string =>
  `No NBP table ${m.table} rate of ${m.code} for ${m.day}: import the NBP table for that day`

/**
 * Adds a realised exchange difference to a month's PIT figures: a positive one to revenue, a negative one to costs
 * (uPIT art. 24c ust. 1 with art. 14 ust. 2 pkt 9a… read in docs/tax-rules.md). The VAT figures are untouched: VAT
 * knows no exchange differences.
 */
export const addExchangeDifference = (f: { companyRevenue: Grosze; companyCosts: Grosze }, amount: Grosze): void => {
  if (amount > 0n) f.companyRevenue += amount
  else f.companyCosts -= amount
}
