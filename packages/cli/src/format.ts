/**
 * Plain-text rendering helpers: aligned tables, RFC 4180 CSV and terminal colour. No figure is computed here;
 * every number arrives already formatted by ledger-core (decimal strings).
 */

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

/** One CSV field, quoted per RFC 4180 when it contains a quote, comma, CR or LF. */
export const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** RFC 4180 CSV: CRLF line ends, a header row first. */
export const renderCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'

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

/** `1234567` → `1,234,567` (counts only, never money). */
export const groupDigits = (n: number): string =>
  Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
