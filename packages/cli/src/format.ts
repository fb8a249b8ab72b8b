/**
 * Plain-text rendering helpers: aligned tables, CSV (RFC 4180 and the Polish Excel dialect, formulas neutralised),
 * money in the reader's language and terminal colour. No figure is computed here; every number arrives as
 * ledger-core's decimal string and only its presentation changes.
 */
import { formatNumber } from '@finance/ledger-core/format'
import type { Lang } from './i18n.ts'

/**
 * Figures in tables come from the shared formatting module (the web app and the e-mails use the same one):
 * `formatAmount` gives `-15 000,50` in Polish and `-15,000.50` in English (the column header names the currency),
 * `formatMoney` adds it (`12 000,00 zł` / `PLN 12,000.00`), `formatCount` writes whole counts. A decimal string is
 * formatted exactly, never through a float; anything else is returned unchanged.
 */
export { formatAmount, formatCount, formatMoney, formatMonth, formatPercent } from '@finance/ledger-core/format'

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

// The CSV writer is shared with the web app's exports: one implementation, in the core's format entry.
export { type CsvDialect, csvField, EXCEL_PL, neutralise, RFC4180, renderCsv } from '@finance/ledger-core/format'

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

/** Seconds with two decimals: `3,41` in Polish, `3.41` in English (a timing, so a float is fine here). */
export const formatSeconds = (lang: Lang, s: number): string => formatNumber(lang, s.toFixed(2), 2)
