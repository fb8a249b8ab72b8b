/**
 * The tax books' rows, totals and months (both kinds of book), the day a month's book closes, and the cells (amounts
 * by column) entries carry.
 */
import { addMonthsToMonth, dateInPoland, dayOfMonth, nextWorkingDay } from '../../calendar.ts'
import type { Counterparty, ItemDataType } from '../../schemas/records.ts'
import type { Grosze, LocalDateString, MoneyString, YearMonthString } from '../../types.ts'
import type { KpirLayoutId } from './kpirLayouts.ts'

/** `kpir`: the KPiR (Scale, Linear); `ewp`: the ewidencja przychodów (ryczałt). */
export type BookKind = 'kpir' | 'ewp'
/** `entry`: an ordinary entry; `correction`: a correcting entry for a change recorded after a month closed. */
export type EntryKind = 'entry' | 'correction'

/** The item occurrence an entry comes from. */
export interface EntrySource {
  /** The item's id, or the asset's (`asset: true`; records and assets share one counter of ids). */
  readonly itemId: number
  readonly index: number
  readonly dataType: ItemDataType
  /** A line of the register of fixed assets: a write-off or a disposal's cost (`taxBookAssets.ts`). */
  readonly asset?: true
}

/** Which entry a correction corrects: its book, year, number and date. */
export interface EntryRef {
  readonly book: BookKind
  readonly year: number
  readonly number: number
  readonly date: LocalDateString
  readonly documentNumber: string
}

/** What every row of either book carries besides its amounts. */
export interface RowBase {
  /** Lp.: from 1 each year, per book. */
  readonly number: number
  readonly month: YearMonthString
  /** Date of the business event (KPiR column 2; ewidencja: date the revenue was earned). */
  readonly date: LocalDateString
  /** The document's number ('' when the item has none). */
  readonly documentNumber: string
  readonly ksefNumber: string | null
  readonly counterparty: Counterparty | null
  /** Description of the event: the item's description, else its name. */
  readonly description: string
  readonly kind: EntryKind
  /** A correction: the first entry of the same occurrence in a closed month (`null`: entered late, none before). */
  readonly corrects: EntryRef | null
  /** A correction: the month of the event it concerns. */
  readonly period: YearMonthString | null
  readonly source: EntrySource
}

/** The KPiR's amount columns in the book's order (7–16): the fields of a row and of the totals. */
export const KPIR_AMOUNT_COLUMNS = [
  'sales',
  'otherRevenue',
  'revenue',
  'goods',
  'sideCosts',
  'salaries',
  'otherExpenses',
  'expenses',
  'free',
  'research',
] as const
export type KpirAmountColumn = (typeof KPIR_AMOUNT_COLUMNS)[number]

/** A KPiR row: the columns of the regulation (numbers: `KPIR_LAYOUTS`), `null` where a column is empty. */
export interface KpirRow extends RowBase {
  /** 7: sales of goods and services. */
  readonly sales: MoneyString | null
  /** 8: other revenue. */
  readonly otherRevenue: MoneyString | null
  /** 9: total revenue (7 + 8). */
  readonly revenue: MoneyString | null
  /** 10: purchase of goods and materials. */
  readonly goods: MoneyString | null
  /** 11: side costs of purchase. */
  readonly sideCosts: MoneyString | null
  /** 12: salaries in cash and in kind. */
  readonly salaries: MoneyString | null
  /** 13: other expenses. */
  readonly otherExpenses: MoneyString | null
  /** 14: total expenses (12 + 13). */
  readonly expenses: MoneyString | null
  /** 15: the free column. */
  readonly free: MoneyString | null
  /** 16: research and development costs (uPIT art. 26e): value; also counted in 13. */
  readonly research: MoneyString | null
  /** 16: description of the research and development cost. */
  readonly researchDescription: string | null
}

/** An ewidencja row: one amount at one ryczałt rate. */
export interface EwpRow extends RowBase {
  /** Data wpisu: the day the entry was made (its recording, never before the revenue's date). */
  readonly entryDate: LocalDateString
  /** The ryczałt rate (`"8.5"`); `null` when none is known (a correction across a change of the form). */
  readonly rate: string | null
  readonly amount: MoneyString
}

export interface KpirTotals {
  readonly sales: MoneyString
  readonly otherRevenue: MoneyString
  readonly revenue: MoneyString
  readonly goods: MoneyString
  readonly sideCosts: MoneyString
  readonly salaries: MoneyString
  readonly otherExpenses: MoneyString
  readonly expenses: MoneyString
  readonly free: MoneyString
  readonly research: MoneyString
  /** Tax-deductible costs: 10 + 11 + 14 + 15 (column 16 is already inside 13). */
  readonly costs: MoneyString
  /** Revenue − costs. */
  readonly income: MoneyString
}

export interface EwpTotals {
  /** Per rate (`""` for rows without a known rate), in the order of `RATE_ORDER`. */
  readonly byRate: Readonly<Record<string, MoneyString>>
  readonly total: MoneyString
}

export interface BookMonth {
  readonly month: YearMonthString
  /** Which book the month is kept in. */
  readonly kind: BookKind
  /** The last day entries for the month may be made; later changes become corrections. */
  readonly closes: LocalDateString
  /** The month's book is final: closed by a later recorded change, or (with `today`) its closing day has passed. */
  readonly closed: boolean
  /**
   * The month had closed before the first item was recorded (history entered later): Finance keeps it open, its
   * entries follow the items.
   */
  readonly history: boolean
  readonly kpir: KpirTotals
  readonly kpirYearToDate: KpirTotals
  readonly ewp: EwpTotals
  readonly ewpYearToDate: EwpTotals
}

export interface TaxBook {
  readonly year: number
  /** The KPiR layout of the year (column numbers): `KPIR_LAYOUTS`. */
  readonly layout: KpirLayoutId
  readonly months: readonly BookMonth[]
  readonly kpir: { readonly rows: readonly KpirRow[]; readonly totals: KpirTotals }
  readonly ewp: { readonly rates: readonly string[]; readonly rows: readonly EwpRow[]; readonly totals: EwpTotals }
  /**
   * With `today`: the entries dated after it (occurrences still to come) that the book leaves out of its rows,
   * totals and files — a book records what happened. `null` without `today`.
   */
  readonly planned: { readonly after: LocalDateString; readonly entries: number } | null
}

/** The last day entries for `month` may be made: the 20th of the next month, or the next working day after it. */
export const bookClosingDay = (month: YearMonthString): LocalDateString => {
  let day = closingDays.get(month)
  if (day === undefined) {
    day = nextWorkingDay(dayOfMonth(addMonthsToMonth(month, 1), 20))
    closingDays.set(month, day)
  }
  return day
}
export const closingDays = new Map<YearMonthString, LocalDateString>()

/**
 * The Polish calendar day of an ISO timestamp (`2026-01-31T23:30:00Z` → `2026-02-01`); a bare date is itself. The
 * calendar's `dateInPoland` with a fast path for the hours when the Polish day is the UTC day.
 */
export const polishDayOf = (iso: string): LocalDateString => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso
  // Poland is UTC+1 or UTC+2: between 02:00 and 21:59 UTC the Polish day is the UTC day (the common case, no Intl).
  const utc = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}(:\d{2}(\.\d+)?)?Z$/.exec(iso)
  if (utc && utc[2]! >= '02' && utc[2]! <= '21') return utc[1]!
  const t = Date.parse(iso)
  if (Number.isNaN(t)) throw new RangeError(`Not a timestamp: ${iso}`)
  return dateInPoland(new Date(t))
}

// ---------------------------------------------------------------------------------------------------------------
// Cells: the amounts of an entry by column. K7…K16 are the KPiR's columns; `R:<rate>` the ewidencja's.

export type Cells = Readonly<Record<string, Grosze>>
export const EMPTY: Cells = Object.freeze({})

export const addCells = (a: Cells, b: Cells, sign: 1n | -1n = 1n): Cells => {
  const out: Record<string, Grosze> = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const n = (out[k] ?? 0n) + sign * v
    if (n === 0n) delete out[k]
    else out[k] = n
  }
  return out
}

export const isEmpty = (c: Cells) => Object.keys(c).length === 0

export const sameCells = (a: Cells, b: Cells) => {
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) if (a[k] !== b[k]) return false
  return true
}
