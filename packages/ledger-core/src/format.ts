/**
 * The one place where figures become text for people: money, plain numbers, percents, sizes, dates and instants, in
 * Polish (default) or English, through `Intl`. Used by the web app, the e-mails and the CLI tables. Pure: no
 * catalogs, no clock, no I/O, so it runs in Node and in the browser alike.
 *
 * Money never passes through a float: a decimal string goes to `Intl.NumberFormat#format` as a string, which formats
 * it exactly. Machine formats (API JSON, CSV, XML files) never come here; they stay plain decimal strings.
 *
 * Polish: `12 000,00 zł`, `1234,50 zł` (Polish groups from five digits on), `23%`, `354,07 kB`, `24.11.2026`.
 * English: `PLN 12,000.00`, `23%`, `354.07 kB`, `24 Nov 2026`.
 */

import { isLocalDate } from './calendar.ts'

export type Lang = 'pl' | 'en'

const LOCALES: Record<Lang, string> = { pl: 'pl-PL', en: 'en-GB' }

/** The IANA zone of the law and of the user's days (SPEC: Europe/Warsaw). */
export const WARSAW = 'Europe/Warsaw'

const DECIMAL = /^-?\d+(\.\d+)?$/

/** `true` for a plain decimal string (`"12"`, `"-3.10"`), the only input the number formatters change. */
export const isDecimalText = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value)

/**
 * Formatters are made on first use and kept: creating one loads locale data (tens of milliseconds in Node), which a
 * `--help` or a JSON answer never needs.
 */
const cached = <T>(make: (locale: string) => T) => {
  const made = new Map<Lang, T>()
  return (lang: Lang): T => {
    let f = made.get(lang)
    if (f === undefined) {
      f = make(LOCALES[lang] ?? LOCALES.pl)
      made.set(lang, f)
    }
    return f
  }
}

const moneyWithCurrency = cached(
  (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'PLN', currencyDisplay: 'symbol' }),
)
const rateWithCurrency = cached(
  (l) =>
    new Intl.NumberFormat(l, {
      style: 'currency',
      currency: 'PLN',
      currencyDisplay: 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    }),
)
const moneyPlain = cached((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
const numberPlain = cached((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 20 }))
const countPlain = cached((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }))
const percentPlain = cached((l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 20 }))
const sizeKb = cached(
  (l) =>
    new Intl.NumberFormat(l, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 2, minimumFractionDigits: 0 }),
)
const sizeMb = cached(
  (l) =>
    new Intl.NumberFormat(l, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 2, minimumFractionDigits: 0 }),
)
const sizeB = cached((l) => new Intl.NumberFormat(l, { style: 'unit', unit: 'byte', maximumFractionDigits: 0 }))
const dateMedium = cached((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }))
const dateLong = cached((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }))
const monthLong = cached((l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' }))
const instantInWarsaw = cached(
  (l) =>
    new Intl.DateTimeFormat(l, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZone: WARSAW,
      timeZoneName: 'short',
    }),
)

/** Intl accepts decimal strings as exact values; the cast only satisfies the type of `format`. */
const exact = (value: string) => value as `${number}`

/** Money with the currency: `12 000,00 zł` / `PLN 12,000.00`. Anything that is not a decimal string is returned as is. */
export const formatMoney = (lang: Lang, value: string): string =>
  isDecimalText(value) ? moneyWithCurrency(lang).format(exact(value)) : value

/**
 * An exchange rate in złoty per unit of a currency, with every digit it has (NBP writes four): `4,2512 zł` /
 * `PLN 4.2512`. Anything that is not a decimal string is returned as is.
 */
export const formatRate = (lang: Lang, value: string): string =>
  isDecimalText(value) ? rateWithCurrency(lang).format(exact(value)) : value

/** Money without the currency, for columns whose header names it: `12 000,00` / `12,000.00`. */
export const formatAmount = (lang: Lang, value: string): string =>
  isDecimalText(value) ? moneyPlain(lang).format(exact(value)) : value

/**
 * A plain decimal number with its own digits (`5,5` / `5.5`), or a fixed number of decimals when given. Not money:
 * rates, multipliers, quantities.
 */
export const formatNumber = (lang: Lang, value: string, fractionDigits?: number): string => {
  if (!isDecimalText(value)) return value
  if (fractionDigits === undefined) return numberPlain(lang).format(exact(value))
  return new Intl.NumberFormat(LOCALES[lang], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(exact(value))
}

/** A whole count (events, users, rows): `1 234 567` / `1,234,567`. */
export const formatCount = (lang: Lang, n: number): string => countPlain(lang).format(Math.round(n))

/**
 * A percent given as the number of percent (`"23"`, `"5.5"` — the form the API and the law use): `23%`, `5,5%`.
 * The value is scaled by an exponent in the decimal string (`"5.5e-2"`), exact, never a float multiplication.
 */
export const formatPercent = (lang: Lang, value: string): string =>
  isDecimalText(value) ? percentPlain(lang).format(exact(`${value}e-2`)) : value

/** A file or database size in bytes: `512 B`, `354,07 kB`, `12,5 MB` (decimal kilobytes, as `Intl` names them). */
export const formatSize = (lang: Lang, bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes)
  if (bytes < 1000) return sizeB(lang).format(bytes)
  if (bytes < 1_000_000) return sizeKb(lang).format(bytes / 1000)
  return sizeMb(lang).format(bytes / 1_000_000)
}

const ISO_MONTH = /^(\d{4})-(\d{2})$/

/**
 * The UTC instant of a real calendar date written `yyyy-mm-dd`, `undefined` for other text and for a day the
 * calendar has not (`2026-02-30`): `Date.UTC` would roll it over into March, a date nobody typed.
 */
const calendarDay = (isoDate: string): number | undefined =>
  isLocalDate(isoDate)
    ? Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)))
    : undefined

/**
 * A calendar date (`2026-11-24`) as people read it: `24 lis 2026` / `24 Nov 2026`. Other text, an impossible day
 * (`2026-02-30`) included, is returned as is. Polish May is written in full, in the genitive a date takes:
 * `14 maja 2025`. CLDR's short name of May is `maj`, the nominative of the full name, so Intl's `14 maj 2025` reads
 * as a grammar mistake where `sty`, `lut` … `gru` read as abbreviations.
 */
export const formatDate = (lang: Lang, isoDate: string): string => {
  const at = calendarDay(isoDate)
  if (at === undefined) return isoDate
  if (lang !== 'pl') return dateMedium(lang).format(at)
  return dateMedium(lang)
    .formatToParts(at)
    .map((p) => (p.type === 'month' && p.value === 'maj' ? 'maja' : p.value))
    .join('')
}

/** A calendar date in words, for sentences (e-mails): `12 marca 2026` / `12 March 2026`. Other text as is. */
export const formatDateLong = (lang: Lang, isoDate: string): string => {
  const at = calendarDay(isoDate)
  return at === undefined ? isoDate : dateLong(lang).format(at)
}

/** A month (`2026-11`): `listopad 2026` / `November 2026`. */
export const formatMonth = (lang: Lang, isoMonth: string): string => {
  const m = ISO_MONTH.exec(isoMonth)
  if (!m) return isoMonth
  return monthLong(lang).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))
}

/**
 * An instant (ISO 8601 with a zone, or epoch milliseconds) in Warsaw local time with the zone shown:
 * `24.11.2026, 14:05:09 CET` / `24/11/2026, 14:05:09 CET`. An unreadable value is returned as text.
 */
export const formatInstant = (lang: Lang, instant: string | number): string => {
  const d = new Date(instant)
  if (Number.isNaN(d.getTime())) return String(instant)
  return instantInWarsaw(lang).format(d)
}

/** How a CSV file is written: RFC 4180, or what a Polish Excel opens by double-click. */
export interface CsvDialect {
  readonly separator: ',' | ';'
  /** Figures with a decimal comma (`1234,50`). */
  readonly decimalComma: boolean
  /** A UTF-8 byte order mark first, so Excel reads the text as UTF-8. */
  readonly bom: boolean
}

export const RFC4180: CsvDialect = { separator: ',', decimalComma: false, bom: false }
export const EXCEL_PL: CsvDialect = { separator: ';', decimalComma: true, bom: true }

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a leading apostrophe, so a
 * name like `=HYPERLINK(…)` stays text (OWASP's CSV injection advice). Figures (`-1200.00`) stay numbers.
 */
export const neutralise = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) && !DECIMAL.test(value) ? `'${value}` : value

/** One CSV field: neutralised, decimal comma in that dialect, quoted when it holds the separator, a quote, CR or LF. */
export const csvField = (value: string, dialect: CsvDialect = RFC4180): string => {
  let v = neutralise(value)
  if (dialect.decimalComma && DECIMAL.test(v)) v = v.replace('.', ',')
  return v.includes(dialect.separator) || /["\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

/** CSV with CRLF line ends and a header row first (RFC 4180 unless another dialect is given). */
export const renderCsv = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  dialect: CsvDialect = RFC4180,
): string =>
  (dialect.bom ? '\uFEFF' : '') +
  [header, ...rows].map((r) => r.map((cell) => csvField(cell, dialect)).join(dialect.separator)).join('\r\n') +
  '\r\n'
