/**
 * The tax books as a projection: the KPiR (podatkowa księga przychodów i rozchodów) of a Scale or Linear trader and
 * the ewidencja przychodów of a ryczałt trader, built from the same item occurrences the tax engine taxes. Legal
 * basis of every column and rule: docs/tax-rules.md §7.
 *
 * - One entry per company occurrence of an item (private items and expenses marked "not a cost" stay outside), in
 *   the month the engine taxes it for PIT (`pitDate`: the revenue date or the cost date, tax/taxPoint.ts), dated
 *   that day. A year's book is the KPiR unless the PIT
 *   setting governing the tax year is ryczałt (Flat), the engine's rule for the form of taxation.
 * - Amounts go to the columns of the item's `kpirColumn` (revenue 7 or 8; costs 10, 11, 12, 13, 15; research and
 *   development costs in 13 and, for the relief, again in 16); ryczałt revenue to the column of its rate (the item's
 *   `flatRate`, else the rate of the PIT setting governing the year).
 * - Entries are numbered from 1 each year, per book, in order of their date.
 * - A month's book closes at the end of the day the entries for it are due: the 20th of the next month, moved to
 *   the next working day. An entry of a closed month never changes: a change recorded later (an edit, a deletion,
 *   an item added for a closed month, a new rate) is entered as a correcting entry in the month it is recorded,
 *   dated that day, carrying the difference column by column and naming the entry it corrects.
 * - Months that had closed before the first item was recorded (the history a new user enters) are not closed by
 *   Finance: their entries follow the items as they are now.
 *
 * Closing is decided by the events alone (each carries the moment it was recorded), never by the clock: the book
 * of a history is the same whenever it is read. `taxBook(state, year)` without a history treats every change as
 * recorded in time (nothing to correct); `bookHistory(events)` applies the closing rule.
 */
import { addMonthsToMonth, dateInPoland, dayOfMonth, nextWorkingDay } from '../calendar.ts'
import type { BooksState, RecordState } from '../deciders/state.ts'
import type { LedgerEvent } from '../events.ts'
import { formatMoney } from '../money.ts'
import { occurrencesOf } from '../schedule.ts'
import type { Counterparty, Item, ItemDataType, Pit } from '../schemas/records.ts'
import { governing } from '../tax/engine.ts'
import { carCostOf } from '../tax/carCosts.ts'
import { type AssetState, assetEventsOf, foldAsset, registerPlans } from '../assets/register.ts'
import { assetBookLines } from './taxBookAssets.ts'
import type { Grosze, LocalDateString, MoneyString, YearMonthString } from '../types.ts'

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
interface RowBase {
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

/**
 * Column numbers of the KPiR in each regulation: `2019` — rozporządzenie MF z 23 grudnia 2019 r. (Dz.U. 2019 poz.
 * 2544), 17 columns, in force through 2025; `2025` — rozporządzenie MFiG z 6 września 2025 r. (Dz.U. 2025 poz.
 * 1299), 19 columns (KSeF number and counterparty tax id added), from 2026. `null`: the layout has no such column.
 */
export const KPIR_LAYOUTS = {
  '2019': {
    regulation: 'Dz.U. 2019 poz. 2544',
    columns: {
      number: 1,
      date: 2,
      ksefNumber: null,
      documentNumber: 3,
      taxId: null,
      name: 4,
      address: 5,
      description: 6,
      sales: 7,
      otherRevenue: 8,
      revenue: 9,
      goods: 10,
      sideCosts: 11,
      salaries: 12,
      otherExpenses: 13,
      expenses: 14,
      free: 15,
      research: 16,
      remarks: 17,
    },
  },
  '2025': {
    regulation: 'Dz.U. 2025 poz. 1299',
    columns: {
      number: 1,
      date: 2,
      ksefNumber: 3,
      documentNumber: 4,
      taxId: 5,
      name: 6,
      address: 7,
      description: 8,
      sales: 9,
      otherRevenue: 10,
      revenue: 11,
      goods: 12,
      sideCosts: 13,
      salaries: 14,
      otherExpenses: 15,
      expenses: 16,
      free: 17,
      research: 18,
      remarks: 19,
    },
  },
} as const satisfies Record<string, { regulation: string; columns: Record<string, number | null> }>
export type KpirLayoutId = keyof typeof KPIR_LAYOUTS

/** The regulation whose layout the KPiR of `year` follows. */
export const kpirLayoutOf = (year: number): KpirLayoutId => (year >= 2026 ? '2025' : '2019')

/** Ryczałt rates in the order of the ewidencja's columns (highest first, as the JPK_EWP(4) schema lists them). */
export const RATE_ORDER = ['17', '15', '14', '12.5', '12', '10', '8.5', '5.5', '3', '2'] as const

/** The last day entries for `month` may be made: the 20th of the next month, or the next working day after it. */
export const bookClosingDay = (month: YearMonthString): LocalDateString => {
  let day = closingDays.get(month)
  if (day === undefined) {
    day = nextWorkingDay(dayOfMonth(addMonthsToMonth(month, 1), 20))
    closingDays.set(month, day)
  }
  return day
}
const closingDays = new Map<YearMonthString, LocalDateString>()

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

type Cells = Readonly<Record<string, Grosze>>
const EMPTY: Cells = Object.freeze({})

const addCells = (a: Cells, b: Cells, sign: 1n | -1n = 1n): Cells => {
  const out: Record<string, Grosze> = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const n = (out[k] ?? 0n) + sign * v
    if (n === 0n) delete out[k]
    else out[k] = n
  }
  return out
}

const isEmpty = (c: Cells) => Object.keys(c).length === 0

const sameCells = (a: Cells, b: Cells) => {
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) if (a[k] !== b[k]) return false
  return true
}

const EXPENSE_CELL: Record<string, string> = {
  goods: 'K10',
  sideCosts: 'K11',
  salaries: 'K12',
  other: 'K13',
  free: 'K15',
  research: 'K13',
}

// ---------------------------------------------------------------------------------------------------------------
// Targets: what an occurrence should contribute to the book now.

interface Texts {
  readonly documentNumber: string
  readonly ksefNumber: string | null
  readonly counterparty: Counterparty | null
  readonly description: string
}

interface Target extends Texts {
  readonly key: string
  readonly source: EntrySource
  readonly month: YearMonthString
  readonly date: LocalDateString
  readonly cells: Cells
}

interface PitLine {
  readonly id: number
  readonly date: LocalDateString
  readonly taxType: Pit['taxType']
  readonly firstPercent: string
}

/**
 * The PIT settings as the engine reads them: sorted by date, then id; the setting governing a tax year (the form of
 * taxation is chosen for a whole year) decides the year's book and the ryczałt rate of incomes without their own.
 */
class PitSettings {
  private readonly byId = new Map<number, PitLine>()
  private sorted: PitLine[] | null = null
  private readonly years = new Map<number, PitLine | null>()
  set(line: PitLine) {
    this.byId.set(line.id, line)
    this.sorted = null
    this.years.clear()
  }
  delete(id: number) {
    if (this.byId.delete(id)) {
      this.sorted = null
      this.years.clear()
    }
  }
  has(id: number) {
    return this.byId.has(id)
  }
  /** The setting governing the tax year of `month` (engine: `governing` over 1 January – 31 December). */
  ofYear(month: YearMonthString): PitLine | null {
    const year = Number(month.slice(0, 4))
    let s = this.years.get(year)
    if (s === undefined) {
      this.sorted ??= [...this.byId.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
      s = governing(this.sorted, `${month.slice(0, 4)}-01-01`, `${month.slice(0, 4)}-12-31`)
      this.years.set(year, s)
    }
    return s
  }
  /** The book a month is kept in: the ewidencja when ryczałt governs its tax year. */
  kindOf(month: YearMonthString): BookKind {
    return this.ofYear(month)?.taxType === 'Flat' ? 'ewp' : 'kpir'
  }
}

const normalizeRate = (p: string) => p.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')

const targetsOf = (record: RecordState, pit: PitSettings): Target[] => {
  const item = record.data as Item
  const out: Target[] = []
  for (const o of occurrencesOf(record)) {
    if (!o.isCompany || o.amount === 0n) continue
    if (!o.isIncome && o.kpirColumn === 'notCost') continue
    const month = o.pitMonth
    const cells: Record<string, Grosze> = {}
    if (o.isIncome) {
      cells[o.kpirColumn === 'otherRevenue' ? 'K8' : 'K7'] = o.amount
      if (pit.kindOf(month) === 'ewp') {
        const rate = o.flatRate ?? normalizeRate(pit.ofYear(month)!.firstPercent)
        cells[`R:${rate}`] = o.amount
      }
    } else {
      // A mixed-use car's running cost is booked at the part that is a cost (tax/carCosts.ts).
      const cost = carCostOf(o.amount, o.carUse)
      cells[EXPENSE_CELL[o.kpirColumn ?? 'other'] ?? 'K13'] = cost
      if (o.kpirColumn === 'research') cells.K16 = cost
    }
    out.push({
      key: `${record.id}:${o.index}`,
      source: { itemId: record.id, index: o.index, dataType: o.dataType },
      month,
      date: o.pitDate,
      cells,
      documentNumber: item.documentNumber ?? '',
      ksefNumber: item.ksefNumber ?? null,
      counterparty: item.counterparty ?? null,
      description: item.description || item.name,
    })
  }
  return out
}

const sameCounterparty = (a: Counterparty | null, b: Counterparty | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.name === b.name &&
    a.taxId === b.taxId &&
    a.country === b.country &&
    a.address === b.address)

const sameTarget = (a: Target, b: Target) =>
  a.month === b.month &&
  a.date === b.date &&
  a.documentNumber === b.documentNumber &&
  a.ksefNumber === b.ksefNumber &&
  a.description === b.description &&
  sameCounterparty(a.counterparty, b.counterparty) &&
  sameCells(a.cells, b.cells)

// ---------------------------------------------------------------------------------------------------------------
// Entries and rows.

interface Entry extends Texts {
  readonly kind: EntryKind
  readonly key: string
  readonly source: EntrySource
  readonly month: YearMonthString
  readonly date: LocalDateString
  readonly entryDate: LocalDateString
  readonly cells: Cells
  /** A correction: the id of the first closed entry of the same occurrence. */
  readonly corrects: string | null
  readonly period: YearMonthString | null
  /** An entry of a closed month: its stable id (`month#position`), given when the month closes. */
  id: string | null
}

const entryOrder = (a: Entry, b: Entry) =>
  (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
  (a.kind === b.kind ? 0 : a.kind === 'entry' ? -1 : 1) ||
  a.source.itemId - b.source.itemId ||
  a.source.index - b.source.index

const money = (v: Grosze | undefined): MoneyString | null => (v === undefined || v === 0n ? null : formatMoney(v))

const sumOf = (c: Cells, ...keys: string[]): Grosze | undefined => {
  let s: Grosze | undefined
  for (const k of keys) if (c[k] !== undefined) s = (s ?? 0n) + c[k]!
  return s
}

const KPIR_CELLS = ['K7', 'K8', 'K10', 'K11', 'K12', 'K13', 'K15', 'K16']

const rateOrder = (a: string, b: string) => {
  const ia = (RATE_ORDER as readonly string[]).indexOf(a)
  const ib = (RATE_ORDER as readonly string[]).indexOf(b)
  if (ia >= 0 && ib >= 0) return ia - ib
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1
  return Number(b) - Number(a)
}

/** Rates in column order, the unknown rate (`''`) last. */
const byRateOrder = (a: string, b: string) => (a === b ? 0 : a === '' ? 1 : b === '' ? -1 : rateOrder(a, b))

/**
 * The ewidencja amounts of an entry: one per rate. The entry's revenue (columns 7 + 8) is what the book holds; the
 * rate cells say at which rates. Revenue no rate accounts for (a correction across a change of the form of
 * taxation) is one more amount without a known rate, so each book always shows the same revenue for an entry.
 */
const ewpParts = (c: Cells): { rate: string | null; amount: Grosze }[] => {
  const parts = Object.keys(c)
    .filter((k) => k.startsWith('R:'))
    .map((k) => k.slice(2))
    .sort(rateOrder)
    .map((rate): { rate: string | null; amount: Grosze } => ({ rate, amount: c[`R:${rate}`]! }))
  const rest = (sumOf(c, 'K7', 'K8') ?? 0n) - parts.reduce((a, p) => a + p.amount, 0n)
  if (rest !== 0n) parts.push({ rate: null, amount: rest })
  return parts
}

/** How many rows an entry makes in a book (0: nothing of it belongs there, e.g. a cost in the ewidencja). */
const rowCount = (e: Entry, kind: BookKind) =>
  kind === 'kpir' ? (KPIR_CELLS.some((k) => e.cells[k] !== undefined) ? 1 : 0) : ewpParts(e.cells).length

type Resolve = (id: string | null) => EntryRef | null

// Rows are never built by spreading a base object into a larger literal: that costs V8 tens of microseconds per
// row, which a year of 10 000 entries cannot afford.

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** The fields every row carries; the book's own fields are then assigned one by one (never spread). */
const rowBase = (e: Entry, number: number, resolve: Resolve): RowBase => ({
  number,
  month: e.month,
  date: e.date,
  documentNumber: e.documentNumber,
  ksefNumber: e.ksefNumber,
  counterparty: e.counterparty,
  description: e.description,
  kind: e.kind,
  corrects: resolve(e.corrects),
  period: e.period,
  source: e.source,
})

const kpirRow = (e: Entry, number: number, resolve: Resolve): KpirRow => {
  const c = e.cells
  const r = rowBase(e, number, resolve) as Mutable<KpirRow>
  r.sales = money(c.K7)
  r.otherRevenue = money(c.K8)
  r.revenue = money(sumOf(c, 'K7', 'K8'))
  r.goods = money(c.K10)
  r.sideCosts = money(c.K11)
  r.salaries = money(c.K12)
  r.otherExpenses = money(c.K13)
  r.expenses = money(sumOf(c, 'K12', 'K13'))
  r.free = money(c.K15)
  r.research = money(c.K16)
  r.researchDescription = c.K16 === undefined ? null : e.description
  return r
}

/** The ewidencja rows of an entry, adding their amounts to `sums` (by rate, `''` for none). */
const ewpRows = (e: Entry, first: number, resolve: Resolve, sums: Map<string, Grosze>): EwpRow[] =>
  ewpParts(e.cells).map((p, i) => {
    const rate = p.rate ?? ''
    sums.set(rate, (sums.get(rate) ?? 0n) + p.amount)
    const r = rowBase(e, first + i, resolve) as Mutable<EwpRow>
    r.entryDate = e.entryDate
    r.rate = p.rate
    r.amount = formatMoney(p.amount)
    return r
  })

// ---------------------------------------------------------------------------------------------------------------
// The history fold.

interface Closed extends Texts {
  /** The sum of the occurrence's entries in closed months. */
  readonly cells: Cells
  /** The id of its first entry in a closed month. */
  readonly first: string
  readonly firstMonth: YearMonthString
  readonly source: EntrySource
}

interface FrozenMonth {
  readonly kind: BookKind
  readonly entries: readonly Entry[]
}

interface MonthEntries {
  readonly month: YearMonthString
  readonly kind: BookKind
  readonly entries: readonly Entry[]
}

const maxDay = (a: LocalDateString, b: LocalDateString) => (a > b ? a : b)

/** The last month whose book is closed on `day` (its closing day is before `day`). */
const lastClosedMonth = (day: LocalDateString): YearMonthString => {
  let m = lastClosed.get(day)
  if (m === undefined) {
    const prev = addMonthsToMonth(day.slice(0, 7), -1)
    m = bookClosingDay(prev) < day ? prev : addMonthsToMonth(prev, -1)
    lastClosed.set(day, m)
  }
  return m
}
const lastClosed = new Map<LocalDateString, YearMonthString>()

const addTo = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  let s = m.get(k)
  if (!s) {
    s = new Set()
    m.set(k, s)
  }
  s.add(v)
}

const dropFrom = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  const s = m.get(k)
  if (!s) return
  s.delete(v)
  if (s.size === 0) m.delete(k)
}

const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)

const ITEM_TYPES: ReadonlySet<string> = new Set(['Income', 'Expense', 'RecurringIncome', 'RecurringExpense'])

/**
 * Folds a user's events, each with the moment it was recorded, into the tax books: entries of months closed by a
 * later event are frozen, changes to them become corrections. Feed events in stream order with `push`; read a
 * year's book with `book`. Recording moments are taken as non-decreasing (a clock that stepped back counts as the
 * latest moment seen); an event without one counts as recorded at the latest moment seen.
 */
export class BookHistory {
  private readonly items = new Map<number, RecordState>()
  /** The register of fixed assets: its lines are entries like the items' (`taxBookAssets.ts`). */
  // Replaced, never changed in place, on each of its events: the plans are cached per map (`registerPlans`).
  private assets: ReadonlyMap<number, AssetState> = new Map()
  private readonly pit = new PitSettings()
  private readonly targets = new Map<string, Target>()
  private readonly keysOfItem = new Map<number, readonly string[]>()
  private readonly changedOn = new Map<string, LocalDateString>()
  /** Keys with an ordinary entry in an open month, by that month. */
  private readonly openByMonth = new Map<YearMonthString, Set<string>>()
  /** Keys with a pending correction, by the month it goes to (the month of the change). */
  private readonly pendingByMonth = new Map<YearMonthString, Set<string>>()
  private readonly pendingOf = new Map<string, YearMonthString>()
  private readonly closed = new Map<string, Closed>()
  private readonly frozen = new Map<YearMonthString, FrozenMonth>()
  /** Months closed before the first item was recorded: history, never closed by Finance (`null`: none). */
  private historyThrough: YearMonthString | null = null
  /** Every month after `historyThrough` up to this one is closed (`null`: none yet). */
  private closedThrough: YearMonthString | null = null
  private lastDay: LocalDateString | null = null

  /** Applies one event recorded at `recordedAt` (an ISO timestamp or a `yyyy-mm-dd` day). */
  push(event: LedgerEvent, recordedAt?: string): void {
    const day = recordedAt === undefined ? this.lastDay : maxDay(polishDayOf(recordedAt), this.lastDay ?? '')
    if (day !== null) {
      this.lastDay = day
      const itemEvent = event.type === 'ItemAdded' || event.type === 'ItemUpdated' || event.type === 'ItemDeleted'
      if (this.historyThrough === null && itemEvent) this.historyThrough = lastClosedMonth(day)
      // Months that closed before this moment are frozen as they were, before the event changes anything.
      if (this.historyThrough !== null) this.closeThrough(lastClosedMonth(day))
    }
    const changed = this.apply(event)
    if (changed === null) return
    const all = () => [...new Set([...this.items.keys(), ...this.assets.keys(), ...this.keysOfItem.keys()])]
    for (const id of changed === 'all' ? all() : changed) this.refresh(id, day)
  }

  /** Item ids whose entries may have changed, `'all'`, or `null` when the event does not touch the book. */
  private apply(e: LedgerEvent): readonly number[] | 'all' | null {
    switch (e.type) {
      case 'ItemAdded':
      case 'ItemUpdated': {
        const { id, dataType, data } = e.data
        this.items.set(id, { id, dataType, data, deleted: false, verb: 'add' } as RecordState)
        return [id]
      }
      case 'ItemDeleted':
        return this.items.delete(e.data.id) ? [e.data.id] : null
      case 'SettingAdded':
      case 'SettingUpdated':
        if (e.data.kind !== 'Pit') return null
        this.pit.set({ id: e.data.id, ...(e.data.data as Pit) })
        return 'all'
      case 'SettingDeleted':
        if (!this.pit.has(e.data.id)) return null
        this.pit.delete(e.data.id)
        return 'all'
      case 'AssetEntered':
      case 'AssetImproved':
      case 'AssetDisposed':
      case 'AssetSoldAfterPrivateUse':
      case 'AssetDeleted': {
        const before = this.assets.get(e.data.id)
        const after = foldAsset(before, e)
        if (after === before) return null
        this.assets = new Map(this.assets).set(e.data.id, after!)
        // One-off write-offs share their year's limit: any asset's change may move the others' lines.
        return [...this.assets.keys()]
      }
      default:
        return null
    }
  }

  /** `true` when the month's book is final: after the history months, up to the last month closed. */
  private isClosed(month: YearMonthString) {
    return (
      this.closedThrough !== null &&
      month <= this.closedThrough &&
      (this.historyThrough === null || month > this.historyThrough)
    )
  }

  /** Recomputes an item's targets after a change recorded on `day`. */
  private refresh(itemId: number, day: LocalDateString | null) {
    const record = this.items.get(itemId)
    const next: Target[] = record ? targetsOf(record, this.pit) : this.assetLines(itemId)
    const before = this.keysOfItem.get(itemId) ?? []
    const nextByKey = new Map(next.map((t) => [t.key, t]))
    for (const key of new Set([...before, ...nextByKey.keys()])) {
      const old = this.targets.get(key)
      const now = nextByKey.get(key)
      if (old && now && sameTarget(old, now)) continue
      if (old) dropFrom(this.openByMonth, old.month, key)
      if (now) {
        this.targets.set(key, now)
        if (!this.isClosed(now.month)) addTo(this.openByMonth, now.month, key)
      } else this.targets.delete(key)
      const on = day ?? now?.date ?? old!.date
      this.changedOn.set(key, on)
      const pending = this.pendingOf.get(key)
      if (pending !== undefined) {
        dropFrom(this.pendingByMonth, pending, key)
        this.pendingOf.delete(key)
      }
      if (this.closed.has(key) || (now && this.isClosed(now.month))) {
        const month = on.slice(0, 7)
        addTo(this.pendingByMonth, month, key)
        this.pendingOf.set(key, month)
      }
    }
    if (next.length > 0) this.keysOfItem.set(itemId, [...nextByKey.keys()])
    else this.keysOfItem.delete(itemId)
  }

  /** The lines of an asset in the book (none when it was removed). */
  private assetLines(id: number): Target[] {
    if (!this.assets.has(id)) return []
    for (const p of registerPlans(this.assets)) if (p.asset.id === id) return assetBookLines(p)
    return []
  }

  /** The entries of an open month: ordinary entries and pending corrections, in order. */
  private entriesOf(month: YearMonthString): Entry[] {
    const out: Entry[] = []
    for (const key of this.openByMonth.get(month) ?? []) {
      const t = this.targets.get(key)!
      const on = this.changedOn.get(key) ?? t.date
      out.push({
        kind: 'entry',
        key,
        source: t.source,
        month,
        date: t.date,
        entryDate: maxDay(on, t.date),
        cells: t.cells,
        documentNumber: t.documentNumber,
        ksefNumber: t.ksefNumber,
        counterparty: t.counterparty,
        description: t.description,
        corrects: null,
        period: null,
        id: null,
      })
    }
    for (const key of this.pendingByMonth.get(month) ?? []) {
      const t = this.targets.get(key)
      const c = this.closed.get(key)
      // What is still missing from the book: the target less what closed months hold, less an open ordinary entry.
      const wanted = t !== undefined && this.isClosed(t.month) ? t.cells : EMPTY
      const cells = addCells(wanted, c?.cells ?? EMPTY, -1n)
      if (isEmpty(cells)) continue
      const texts: Texts = t ?? c!
      const on = this.changedOn.get(key)!
      out.push({
        kind: 'correction',
        key,
        source: t?.source ?? c!.source,
        month,
        // A late entry keeps the date of its event; a correction is dated the day of the change.
        date: c ? on : t!.date,
        entryDate: on,
        cells,
        documentNumber: texts.documentNumber,
        ksefNumber: texts.ksefNumber,
        counterparty: texts.counterparty,
        description: texts.description,
        corrects: c?.first ?? null,
        period: c ? c.firstMonth : t!.month,
        id: null,
      })
    }
    return out.sort(entryOrder)
  }

  /** Freezes every open month after the history up to `through`. */
  private closeThrough(through: YearMonthString) {
    if (this.closedThrough !== null && through <= this.closedThrough) return
    const months = new Set<YearMonthString>()
    const closable = (m: YearMonthString) =>
      m <= through && (this.historyThrough === null || m > this.historyThrough) && !this.isClosed(m)
    for (const m of this.openByMonth.keys()) if (closable(m)) months.add(m)
    for (const m of this.pendingByMonth.keys()) if (closable(m)) months.add(m)
    for (const month of [...months].sort()) {
      const entries = this.entriesOf(month)
      entries.forEach((e, i) => {
        e.id = `${month}#${i}`
      })
      const kind = this.pit.kindOf(month)
      if (entries.length > 0) this.frozen.set(month, { kind, entries })
      for (const e of entries) {
        const before = this.closed.get(e.key)
        this.closed.set(e.key, {
          cells: addCells(before?.cells ?? EMPTY, e.cells),
          first: before?.first ?? e.id!,
          firstMonth: before?.firstMonth ?? month,
          source: e.source,
          documentNumber: e.documentNumber,
          ksefNumber: e.ksefNumber,
          counterparty: e.counterparty,
          description: e.description,
        })
      }
      for (const key of this.pendingByMonth.get(month) ?? []) this.pendingOf.delete(key)
      this.pendingByMonth.delete(month)
      this.openByMonth.delete(month)
    }
    this.closedThrough = through
  }

  /** The months of a year with their entries in order: frozen ones as frozen, open ones as the items give them. */
  private monthsOfYear(year: number): MonthEntries[] {
    return monthsOf(year).map((month) => {
      if (this.isClosed(month)) {
        const f = this.frozen.get(month)
        return { month, kind: f?.kind ?? this.pit.kindOf(month), entries: f?.entries ?? [] }
      }
      return { month, kind: this.pit.kindOf(month), entries: this.entriesOf(month) }
    })
  }

  /** The number of every frozen entry of a year (its first row in its book). */
  private numbersOf(year: number, parts: readonly MonthEntries[] = this.monthsOfYear(year)) {
    const numbers = new Map<string, EntryRef>()
    const n = { kpir: 0, ewp: 0 }
    for (const p of parts)
      for (const e of p.entries) {
        const rows = rowCount(e, p.kind)
        if (rows === 0) continue
        if (e.id !== null)
          numbers.set(e.id, {
            book: p.kind,
            year,
            number: n[p.kind] + 1,
            date: e.date,
            documentNumber: e.documentNumber,
          })
        n[p.kind] += rows
      }
    return numbers
  }

  /**
   * The book of `year`: closed months as frozen, open months as the current items give them. With `today`, a
   * month whose closing day has passed is reported closed (its entries cannot change any more: a change recorded
   * from now on becomes a correction); months before the first recorded item never are. With `today`, entries
   * dated after it are left out (rows and totals) and counted in `planned`: a recurring item's later occurrences
   * are a plan, not an entry of the book, and never go into a file for the tax office.
   */
  book(year: number, options: { today?: LocalDateString } = {}): TaxBook {
    const parts = this.monthsOfYear(year)
    const refs = new Map<number, Map<string, EntryRef>>([[year, this.numbersOf(year, parts)]])
    const resolve: Resolve = (id) => {
      if (id === null) return null
      const y = Number(id.slice(0, 4))
      let m = refs.get(y)
      if (!m) {
        m = this.numbersOf(y)
        refs.set(y, m)
      }
      return m.get(id) ?? null
    }
    const n = { kpir: 0, ewp: 0 }
    const today = options.today
    let planned = 0
    const months = parts.map((p): MonthParts => {
      const kpir: KpirRow[] = []
      const ewp: EwpRow[] = []
      const kpirSums = zeroKpir()
      const ewpSums = new Map<string, Grosze>()
      for (const e of p.entries) {
        const rows = rowCount(e, p.kind)
        if (rows === 0) continue
        if (today !== undefined && e.date > today) {
          planned++
          continue
        }
        if (p.kind === 'kpir') {
          kpir.push(kpirRow(e, n.kpir + 1, resolve))
          addKpir(kpirSums, e.cells)
        } else for (const r of ewpRows(e, n.ewp + 1, resolve, ewpSums)) ewp.push(r)
        n[p.kind] += rows
      }
      const closes = bookClosingDay(p.month)
      const afterHistory = this.historyThrough !== null && p.month > this.historyThrough
      const closed = this.isClosed(p.month) || (afterHistory && options.today !== undefined && closes < options.today)
      const history = this.historyThrough !== null && !afterHistory
      return { month: p.month, kind: p.kind, closes, closed, history, kpir, ewp, kpirSums, ewpSums }
    })
    return { ...assemble(year, months), planned: today === undefined ? null : { after: today, entries: planned } }
  }
}

/** Folds recorded events (in stream order) into a `BookHistory`. */
export const bookHistory = (
  events: Iterable<{ readonly event: LedgerEvent; readonly recordedAt?: string | undefined }>,
): BookHistory => {
  const h = new BookHistory()
  for (const { event, recordedAt } of events) h.push(event, recordedAt)
  return h
}

/**
 * The book of `year` from the current books alone, as if every change had been recorded in time: each occurrence
 * has one entry in its own month and nothing is closed. The API and the CLI read a `BookHistory`, which knows when
 * each change was recorded.
 */
export const taxBook = (state: BooksState, year: number): TaxBook => {
  const h = new BookHistory()
  for (const r of state.records.values())
    if (!r.deleted && r.dataType === 'Pit')
      h.push({ type: 'SettingAdded', data: { id: r.id, kind: 'Pit', data: r.data as Pit } })
  for (const r of state.records.values())
    if (!r.deleted && ITEM_TYPES.has(r.dataType))
      h.push({ type: 'ItemAdded', data: { id: r.id, dataType: r.dataType, data: r.data } } as LedgerEvent)
  for (const e of assetEventsOf(state.assets)) h.push(e)
  return h.book(year)
}

// ---------------------------------------------------------------------------------------------------------------
// Totals.

interface MonthParts {
  readonly month: YearMonthString
  readonly kind: BookKind
  readonly closes: LocalDateString
  readonly closed: boolean
  readonly history: boolean
  readonly kpir: readonly KpirRow[]
  readonly ewp: readonly EwpRow[]
  readonly kpirSums: KpirSums
  readonly ewpSums: ReadonlyMap<string, Grosze>
}

const KPIR_SUMS = KPIR_AMOUNT_COLUMNS
type KpirSums = Record<KpirAmountColumn, Grosze>

const zeroKpir = (): KpirSums => ({
  sales: 0n,
  otherRevenue: 0n,
  revenue: 0n,
  goods: 0n,
  sideCosts: 0n,
  salaries: 0n,
  otherExpenses: 0n,
  expenses: 0n,
  free: 0n,
  research: 0n,
})

/** Adds an entry's KPiR cells to month sums (the totals columns 9 and 14 included). */
const addKpir = (s: KpirSums, c: Cells) => {
  const v = (k: string) => c[k] ?? 0n
  s.sales += v('K7')
  s.otherRevenue += v('K8')
  s.revenue += v('K7') + v('K8')
  s.goods += v('K10')
  s.sideCosts += v('K11')
  s.salaries += v('K12')
  s.otherExpenses += v('K13')
  s.expenses += v('K12') + v('K13')
  s.free += v('K15')
  s.research += v('K16')
}

const kpirTotals = (s: KpirSums): KpirTotals => {
  const costs = s.goods + s.sideCosts + s.expenses + s.free
  const f = formatMoney
  return {
    sales: f(s.sales),
    otherRevenue: f(s.otherRevenue),
    revenue: f(s.revenue),
    goods: f(s.goods),
    sideCosts: f(s.sideCosts),
    salaries: f(s.salaries),
    otherExpenses: f(s.otherExpenses),
    expenses: f(s.expenses),
    free: f(s.free),
    research: f(s.research),
    costs: f(costs),
    income: f(s.revenue - costs),
  }
}

const ewpTotals = (byRate: ReadonlyMap<string, Grosze>): EwpTotals => {
  const out: Record<string, MoneyString> = {}
  let total = 0n
  for (const r of [...byRate.keys()].sort(byRateOrder)) {
    out[r] = formatMoney(byRate.get(r)!)
    total += byRate.get(r)!
  }
  return { byRate: out, total: formatMoney(total) }
}

const assemble = (year: number, parts: readonly MonthParts[]): TaxBook => {
  const ytdKpir = zeroKpir()
  const ytdEwp = new Map<string, Grosze>()
  const months: BookMonth[] = parts.map((p) => {
    const mk = p.kpirSums
    for (const k of KPIR_SUMS) ytdKpir[k] += mk[k]
    const me = p.ewpSums
    for (const [rate, amount] of me) ytdEwp.set(rate, (ytdEwp.get(rate) ?? 0n) + amount)
    return {
      month: p.month,
      kind: p.kind,
      closes: p.closes,
      closed: p.closed,
      history: p.history,
      kpir: kpirTotals(mk),
      kpirYearToDate: kpirTotals(ytdKpir),
      ewp: ewpTotals(me),
      ewpYearToDate: ewpTotals(ytdEwp),
    }
  })
  return {
    year,
    layout: kpirLayoutOf(year),
    months,
    kpir: { rows: parts.flatMap((p) => p.kpir), totals: kpirTotals(ytdKpir) },
    ewp: {
      rates: [...ytdEwp.keys()].sort(byRateOrder),
      rows: parts.flatMap((p) => p.ewp),
      totals: ewpTotals(ytdEwp),
    },
    planned: null,
  }
}
