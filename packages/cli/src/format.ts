/**
 * Plain-text rendering helpers: aligned tables, CSV (RFC 4180 and the Polish Excel dialect, formulas neutralised),
 * money in the reader's language and terminal colour. No figure is computed here; every number arrives as
 * ledger-core's decimal string and only its presentation changes.
 */
import type { Lang } from './i18n.ts'

const DECIMAL = /^-?\d+(\.\d+)?$/

const LOCALES: Record<Lang, string> = { pl: 'pl-PL', en: 'en-GB' }

/**
 * A number format of a language, made on first use: creating one loads the locale's data (tens of milliseconds),
 * which `--help` and a JSON report never need.
 */
const numberFormat = (options: Intl.NumberFormatOptions) => {
  const made = new Map<Lang, Intl.NumberFormat>()
  return (lang: Lang): Intl.NumberFormat => {
    let f = made.get(lang)
    if (!f) {
      f = new Intl.NumberFormat(LOCALES[lang], options)
      made.set(lang, f)
    }
    return f
  }
}

const moneyFormat = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 })
const countFormat = numberFormat({ maximumFractionDigits: 0 })
const secondsFormat = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })

/**
 * A figure (`"-15000.50"`) as a reader of `lang` writes it: `-15 000,50` in Polish, `-15,000.50` in English. The
 * decimal string goes to `Intl.NumberFormat` as a string, which formats it exactly (no float). Anything that is not a
 * decimal string is returned unchanged.
 */
export const formatAmount = (lang: Lang, value: string): string =>
  DECIMAL.test(value) ? moneyFormat(lang).format(value as `${number}`) : value

export interface Column {
  readonly header: string
  readonly align?: 'left' | 'right'
}

/** Renders rows as an aligned text table with a header and a rule line. */
export const renderTable = (columns: readonly Column[], rows: readonly (readonly string[])[]): string => {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? ''
        const w = widths[i] ?? 0
        return c.align === 'right' ? cell.padStart(w) : cell.padEnd(w)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(columns.map((c) => c.header)), rule, ...rows.map((r) => line(r))].join('\n') + '\n'
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

export interface Palette {
  readonly bold: (s: string) => string
  readonly dim: (s: string) => string
  readonly red: (s: string) => string
  readonly green: (s: string) => string
  readonly yellow: (s: string) => string
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`
const identity = (s: string) => s

/** ANSI colour only on a terminal and only when `NO_COLOR` is unset or empty (https://no-color.org). */
export const palette = (enabled: boolean): Palette =>
  enabled
    ? { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) }
    : { bold: identity, dim: identity, red: identity, green: identity, yellow: identity }

/** A count (events, users) rounded to a whole number: `1 234 567` in Polish, `1,234,567` in English. Never money. */
export const formatCount = (lang: Lang, n: number): string => countFormat(lang).format(Math.round(n))

/** Seconds with two decimals: `3,41` in Polish, `3.41` in English. */
export const formatSeconds = (lang: Lang, s: number): string => secondsFormat(lang).format(s)
