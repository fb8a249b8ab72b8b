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
import { addDays, dayOfWeek, isWorkingDay } from '../calendar.ts'
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

/**
 * The currencies of NBP table B (2025–2026: the currencies the NBP quotes weekly, on Wednesdays, that table A does not
 * hold). Their "last working day before" is the day of the last table B published before the date.
 */
export const TABLE_B_CURRENCIES = [
  'AFN',
  'MGA',
  'PAB',
  'ETB',
  'VES',
  'BOB',
  'CRC',
  'SVC',
  'NIO',
  'GMD',
  'MKD',
  'DZD',
  'BHD',
  'IQD',
  'JOD',
  'KWD',
  'LYD',
  'RSD',
  'TND',
  'MAD',
  'AED',
  'STN',
  'BSD',
  'BBD',
  'BZD',
  'BND',
  'FJD',
  'GYD',
  'JMD',
  'LRD',
  'NAD',
  'SRD',
  'TTD',
  'XCD',
  'SBD',
  'VND',
  'AMD',
  'CVE',
  'AWG',
  'BIF',
  'XOF',
  'XAF',
  'XPF',
  'DJF',
  'GNF',
  'KMF',
  'CDF',
  'RWF',
  'EGP',
  'GIP',
  'LBP',
  'SSP',
  'SDG',
  'SYP',
  'GHS',
  'HTG',
  'PYG',
  'ANG',
  'XCG',
  'PGK',
  'LAK',
  'MWK',
  'ZMW',
  'AOA',
  'MMK',
  'GEL',
  'MDL',
  'ALL',
  'HNL',
  'SLE',
  'SZL',
  'LSL',
  'AZN',
  'MZN',
  'NGN',
  'ERN',
  'TWD',
  'TMT',
  'MRU',
  'TOP',
  'MOP',
  'ARS',
  'DOP',
  'COP',
  'CUP',
  'UYU',
  'BWP',
  'GTQ',
  'IRR',
  'YER',
  'QAR',
  'OMR',
  'SAR',
  'KHR',
  'BYN',
  'RUB',
  'LKR',
  'MVR',
  'MUR',
  'NPR',
  'PKR',
  'SCR',
  'PEN',
  'KGS',
  'TJS',
  'UZS',
  'KES',
  'SOS',
  'TZS',
  'UGX',
  'BDT',
  'WST',
  'KZT',
  'MNT',
  'VUV',
  'BAM',
  'ZWG',
] as const
export const isTableBCurrency = (s: unknown): boolean =>
  typeof s === 'string' && (TABLE_B_CURRENCIES as readonly string[]).includes(s)
/** A currency an item may be in: one of NBP table A or table B. */
export const isNbpCurrency = (s: unknown): boolean => isTableACurrency(s) || isTableBCurrency(s)

/**
 * The tables rates come from: NBP table A (daily), NBP table B (weekly) and the ECB's euro reference rates (daily on
 * TARGET days; `rates` are units of the currency per 1 EUR, PLN among them).
 */
export type RateTableKind = 'A' | 'B' | 'ECB'

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

/** The tables of one kind the books hold: by day, and the day ranges a source covered whole. */
export interface RateBook {
  readonly tables: ReadonlyMap<LocalDateString, RateTable>
  readonly covered: readonly (readonly [LocalDateString, LocalDateString])[]
}

/**
 * The tables the books hold: table A by day, and the day ranges a source covered whole (a day in them without a table
 * had none); table B and the ECB's rates in `other` (absent: none recorded).
 */
export interface RatesState extends RateBook {
  readonly other?: Partial<Readonly<Record<'B' | 'ECB', RateBook>>>
}

export const initialRates: RatesState = Object.freeze({ tables: new Map(), covered: [] })
const emptyBook: RateBook = Object.freeze({ tables: new Map(), covered: [] })

/** The book of one table kind. */
export const rateBook = (s: RatesState, kind: RateTableKind): RateBook =>
  kind === 'A' ? s : (s.other?.[kind] ?? emptyBook)

const addToBook = (b: RateBook, tables: readonly RateTable[], from: LocalDateString, to: LocalDateString): RateBook => {
  const out = new Map(b.tables)
  for (const t of tables) {
    const old = out.get(t.date)
    out.set(t.date, old ? { ...old, rates: { ...t.rates, ...old.rates } } : t)
  }
  return { tables: out, covered: [...b.covered, [from, to] as const] }
}

/** The state after tables (and the range they cover whole) are recorded; an existing day's table is kept. */
export const withTables = (
  s: RatesState,
  tables: readonly RateTable[],
  from: LocalDateString,
  to: LocalDateString,
  kind: RateTableKind = 'A',
): RatesState => {
  if (kind === 'A') return { ...addToBook(s, tables, from, to), ...(s.other ? { other: s.other } : {}) }
  return {
    tables: s.tables,
    covered: s.covered,
    other: { ...s.other, [kind]: addToBook(rateBook(s, kind), tables, from, to) },
  }
}

const isCovered = (s: RateBook, day: LocalDateString) => s.covered.some(([a, b]) => a <= day && day <= b)

/** A missing rate: the currency, the table and the day whose table the books do not hold. */
export interface MissingRate {
  readonly code: string
  readonly table: RateTableKind
  readonly day: LocalDateString
}

export type RateLookup =
  | { readonly ok: true; readonly rate: RateUsed }
  | { readonly ok: false; readonly missing: MissingRate }

/** No rate of `code` in table `table` for `day`. */
const missingRate = (code: string, table: RateTableKind, day: LocalDateString): RateLookup => ({
  ok: false,
  missing: { code, table, day },
})

/** `code`'s rate in the NBP table `t` (table `table`, found for `day`), or missing when the table does not quote it. */
const rateInTable = (t: RateTable, code: string, table: 'A' | 'B', day: LocalDateString): RateLookup => {
  const rate = t.rates[code]
  return rate === undefined ? missingRate(code, table, day) : { ok: true, rate: { table: t.no, date: t.date, rate } }
}

/** How far back "the last working day before" may look (a fortnight covers the longest holiday run). */
const MAX_LOOKBACK_DAYS = 14

/**
 * The NBP table A average rate of `code` on the last working day before `day` (uVAT art. 31a ust. 1, uPIT art. 11a
 * ust. 1): the walk back skips weekends and public holidays (`calendar.ts`) and working days inside a recorded range
 * without a table; the first working day the books know nothing about, or a table without the currency, is missing.
 */
export const rateBefore = (
  s: RatesState,
  code: string,
  day: LocalDateString,
  source: 'nbp' | 'ecb' = 'nbp',
): RateLookup => {
  if (source === 'ecb') return ecbRateBefore(s, code, day)
  if (isTableBCurrency(code)) return tableBRateBefore(s, code, day)
  let d = addDays(day, -1)
  for (let i = 0; i < MAX_LOOKBACK_DAYS; i++, d = addDays(d, -1)) {
    if (!isWorkingDay(d)) continue
    const t = s.tables.get(d)
    if (t) return rateInTable(t, code, 'A', d)
    if (!isCovered(s, d)) return missingRate(code, 'A', d)
  }
  return missingRate(code, 'A', d)
}

/**
 * The NBP table B rate of `code` for a tax date (uVAT art. 31a ust. 1, uPIT art. 11a ust. 1 with a currency the NBP
 * quotes in table B only): table B is published once a week, so the rate "of the last working day before" is the one
 * of the last table B published before `day`. The walk back takes the first table B the books hold; a Wednesday (the
 * day of publication) outside any recorded range of table B, passed before a table is found, is missing. Other days
 * outside the ranges are passed over: no table B is published on them.
 */
const tableBRateBefore = (s: RatesState, code: string, day: LocalDateString): RateLookup => {
  const book = rateBook(s, 'B')
  let d = addDays(day, -1)
  for (let i = 0; i < MAX_LOOKBACK_DAYS_B; i++, d = addDays(d, -1)) {
    const t = book.tables.get(d)
    if (t) return rateInTable(t, code, 'B', d)
    if (dayOfWeek(d) === 3 && !isCovered(book, d)) break
  }
  return missingRate(code, 'B', d)
}
/** Table B comes weekly: three weeks back covers a holiday week. */
const MAX_LOOKBACK_DAYS_B = 21

/** `a / b` of two decimal rates, rounded half up to `decimals` places (trailing zeros dropped). */
export const crossRate = (a: RateString, b: RateString, decimals = 6): RateString => {
  const x = scaled(a)
  const y = scaled(b)
  const q = divRoundHalfUp(x.n * y.d * 10n ** BigInt(decimals), x.d * y.n)
  const digits = q.toString().padStart(decimals + 1, '0')
  const point = digits.length - decimals
  return `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/0+$/, '').replace(/\.$/, '')
}

/**
 * The ECB rate for the VAT base of a taxpayer who chose it (uVAT art. 31a ust. 1 zdanie drugie; ust. 2 by reference
 * for an invoice issued first): the last exchange rate the ECB published up to the day before the tax point. The ECB quotes every currency against the euro (units per 1 EUR,
 * PLN among them): EUR converts at the PLN rate itself; another currency through the euro, at the PLN rate divided by
 * the currency's rate of the same ECB table, rounded half up to 6 decimals (the precision of FA(3) `KursWaluty`).
 * The ECB publishes on TARGET working days: weekends are skipped, and days inside a recorded range without rates.
 */
const ecbRateBefore = (s: RatesState, code: string, day: LocalDateString): RateLookup => {
  const book = rateBook(s, 'ECB')
  let d = addDays(day, -1)
  for (let i = 0; i < MAX_LOOKBACK_DAYS; i++, d = addDays(d, -1)) {
    if (dayOfWeek(d) > 5) continue
    const t = book.tables.get(d)
    if (t) {
      const pln = t.rates.PLN
      const own = code === 'EUR' ? '1' : t.rates[code]
      if (pln === undefined || own === undefined) return missingRate(code, 'ECB', d)
      return { ok: true, rate: { table: ECB_TABLE, date: t.date, rate: code === 'EUR' ? pln : crossRate(pln, own) } }
    }
    if (!isCovered(book, d)) break
  }
  return missingRate(code, 'ECB', d)
}
/** The "table number" of an ECB rate (the ECB's euro foreign exchange reference rates have none). */
export const ECB_TABLE = 'ECB'

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

/** How an item is converted beyond the defaults (NBP rates everywhere). */
export interface ConversionOptions {
  /** The VAT base at the ECB's rate when the taxpayer chose it (uVAT art. 31a ust. 1 zdanie drugie); absent: NBP. */
  readonly vatSource?: 'nbp' | 'ecb'
  /** The rate the bank actually applied when it exchanged the payment (uPIT art. 24c ust. 2 pkt 1, ust. 3 pkt 1). */
  readonly bankRate?: RateString | null
}

/** The "table" of a bank's own rate: the rate the bank applied on the payment day. */
export const BANK_TABLE = 'bank'
const bankRateUsed = (rate: RateString, paidOn: LocalDateString): RateLookup => ({
  ok: true,
  rate: { table: BANK_TABLE, date: paidOn, rate },
})

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
  options: ConversionOptions = {},
): { ok: true; value: ItemConversion } | { ok: false; missing: MissingRate[] } => {
  const at = (day: LocalDateString) => rateBefore(s, code, day)
  const bank = options.bankRate && paidOn !== null ? bankRateUsed(options.bankRate, paidOn) : null
  const lookups = [
    rateBefore(s, code, vatDate, options.vatSource ?? 'nbp'),
    at(pitDate),
    paidOn === null ? null : (bank ?? at(paidOn)),
  ] as const
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
  m.table === 'ECB'
    ? `No ECB rate of ${m.code} for ${m.day}: import the ECB rates for that day`
    : `No NBP table ${m.table} rate of ${m.code} for ${m.day}: import the NBP table for that day`

/**
 * Adds a realised exchange difference to a month's PIT figures: a positive one to revenue, a negative one to costs
 * (uPIT art. 24c ust. 1 with art. 14 ust. 2 pkt 9a… read in docs/tax-rules.md). The VAT figures are untouched: VAT
 * knows no exchange differences.
 */
export const addExchangeDifference = (f: { companyRevenue: Grosze; companyCosts: Grosze }, amount: Grosze): void => {
  if (amount > 0n) f.companyRevenue += amount
  else f.companyCosts -= amount
}
