/**
 * The NBP's yearly archive of table A (`archiwum_tab_a_YYYY.csv`, published on nbp.pl under "Archiwum kursów
 * średnich"), as a user supplies it. Its layout: Windows-1250 text, `;`-separated, decimal commas:
 * - a header row `data;1THB;1USD;…;100HUF;…;10000IDR;…;nr tabeli;pełny numer tabeli` — each currency column named
 *   by the units the rate is for and the ISO code;
 * - a row of the currencies' Polish names;
 * - one row per table: the day `yyyymmdd`, the rates (`4,2345`), the table's short and full number (`084/A/NBP/2026`);
 * - closing rows `kod ISO`, `nazwa waluty`, `liczba jednostek` (ignored).
 * A file that does not read as such is refused whole, with the row and the reason.
 */
import { isLocalDate, isTableACurrency, isTableBCurrency, perUnit, type RateTable } from '@finance/ledger-core/light'

export interface ArchiveRead {
  readonly ok: true
  /** The table of the file: `archiwum_tab_a_YYYY.csv` (A) or `archiwum_tab_b_YYYY.csv` (B, weekly). */
  readonly table: 'A' | 'B'
  readonly tables: readonly RateTable[]
  /** The days the file covers whole: from 1 January of its year to its last table. */
  readonly from: string
  readonly to: string
}
export interface ArchiveRefused {
  readonly ok: false
  readonly message: string
}

const COLUMN = /^(\d+)([A-Z]{3})$/
const DAY = /^(\d{4})(\d{2})(\d{2})$/
const FULL_NO = /^\d{1,3}\/([AB])\/NBP\/\d{4}$/
const RATE = /^\d{1,6}(,\d{1,10})?$/

/** The file's text: UTF-8 when it is valid UTF-8, else Windows-1250 (the NBP's encoding). */
const decode = (bytes: Uint8Array | string): string => {
  if (typeof bytes === 'string') return bytes
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1250').decode(bytes)
  }
}

const refused = (message: string): ArchiveRefused => ({ ok: false, message })

/** Reads an NBP table A yearly archive; every table's rates per one unit of the currency. */
export const readNbpArchive = (content: Uint8Array | string): ArchiveRead | ArchiveRefused => {
  const lines = decode(content)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
  const headerAt = lines.findIndex((l) => /^(data|dane);/i.test(l.trim()))
  if (headerAt < 0) return refused('Not an NBP table A archive: no header row starting with "data;"')
  const header = lines[headerAt]!.split(';').map((c) => c.trim())
  const columns: { at: number; code: string; units: number }[] = []
  header.forEach((h, at) => {
    const m = COLUMN.exec(h)
    // Currencies no longer in table A (HRK, RUB in older years) are left out.
    if (m && (isTableACurrency(m[2]) || isTableBCurrency(m[2]))) columns.push({ at, code: m[2]!, units: Number(m[1]) })
  })
  const fullAt = header.findIndex((h) => h.toLowerCase() === 'pełny numer tabeli')
  if (columns.length === 0 || fullAt < 0)
    return refused('Not an NBP table A archive: the header names no currency columns or no "pełny numer tabeli"')
  if (columns.some((c) => ![1, 10, 100, 1000, 10000].includes(c.units)))
    return refused('Not an NBP table A archive: a currency column is not for 1, 10, 100, 1000 or 10000 units')
  const tables: RateTable[] = []
  let year: string | null = null
  let kind: 'A' | 'B' | null = null
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i]!.split(';').map((c) => c.trim())
    const day = DAY.exec(cells[0] ?? '')
    if (!day) continue // the names row, the closing rows, blank lines
    const row = i + 1
    const date = `${day[1]}-${day[2]}-${day[3]}`
    if (!isLocalDate(date)) return refused(`Row ${row}: ${date} is not a real date`)
    if (year === null) year = day[1]!
    if (day[1] !== year) return refused(`Row ${row}: the day ${date} is not of the year ${year}`)
    const no = cells[fullAt] ?? ''
    const numbered = FULL_NO.exec(no)
    if (!numbered) return refused(`Row ${row}: "${no}" is not a table A number (like 084/A/NBP/${year})`)
    kind ??= numbered[1] as 'A' | 'B'
    if (numbered[1] !== kind) return refused(`Row ${row}: table ${no} is not of table ${kind} like the rows before`)
    const quoted = kind === 'A' ? isTableACurrency : isTableBCurrency
    if (tables.length > 0 && tables.at(-1)!.date >= date) return refused(`Row ${row}: the days are not in order`)
    const rates: Record<string, string> = {}
    for (const c of columns) {
      if (!quoted(c.code)) continue
      const v = cells[c.at] ?? ''
      if (v === '') continue // a currency not quoted that day
      if (!RATE.test(v)) return refused(`Row ${row}: the ${c.code} rate "${v}" is not a decimal number`)
      rates[c.code] = perUnit(v.replace(',', '.'), c.units)
    }
    tables.push({ no, date, rates })
  }
  if (tables.length === 0 || year === null || kind === null) return refused('Not an NBP table A archive: no table rows')
  return { ok: true, table: kind, tables, from: `${year}-01-01`, to: tables.at(-1)!.date }
}
