/** What an item occurrence contributes to the book now (its target), the entries made of it, the fields of every row. */
import type { RecordState } from '../../model/state.ts'
import { formatMoney } from '../../money.ts'
import { type Occurrence, occurrencesOf, type VatPercentOn } from '../../schedule.ts'
import type { Counterparty, Item, Pit } from '../../schemas/records.ts'
import { carCostOf } from '../../tax/carCosts.ts'
import { nonDeductibleVat } from '../../tax/crossBorder.ts'
import { governing } from '../../tax/engine.ts'
import type { Grosze, LocalDateString, MoneyString, YearMonthString } from '../../types.ts'
import { describeGenerated } from './descriptions.ts'
import {
  type BookKind,
  type Cells,
  type EntryKind,
  type EntryRef,
  type EntrySource,
  type RowBase,
  sameCells,
} from './types.ts'

export const EXPENSE_CELL: Record<string, string> = {
  goods: 'K10',
  sideCosts: 'K11',
  salaries: 'K12',
  other: 'K13',
  free: 'K15',
  research: 'K13',
}

// ---------------------------------------------------------------------------------------------------------------
// Targets: what an occurrence should contribute to the book now.

export interface Texts {
  readonly documentNumber: string
  readonly ksefNumber: string | null
  readonly counterparty: Counterparty | null
  readonly description: string
}

export interface Target extends Texts {
  readonly key: string
  readonly source: EntrySource
  readonly month: YearMonthString
  readonly date: LocalDateString
  readonly cells: Cells
}

export interface PitLine {
  readonly id: number
  readonly date: LocalDateString
  readonly taxType: Pit['taxType']
  readonly firstPercent: string
}

/**
 * The PIT settings as the engine reads them: sorted by date, then id; the setting governing a tax year (the form of
 * taxation is chosen for a whole year) decides the year's book and the ryczałt rate of incomes without their own.
 */
export class PitSettings {
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

export const normalizeRate = (p: string) => p.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')

/** The book's entries of an item; `vatPercentOn`: the VAT settings, which say whether a purchase's VAT is a cost. */
export const targetsOf = (record: RecordState, pit: PitSettings, vatPercentOn: VatPercentOn): Target[] => {
  const item = record.data as Item
  const out: Target[] = []
  for (const o of occurrencesOf(record, vatPercentOn)) {
    if (!o.isCompany) continue
    const fx = exchangeDifferenceTarget(record, o, pit)
    if (fx) out.push(fx)
    if (o.pitAmount === 0n) continue
    if (!o.isIncome && o.kpirColumn === 'notCost') continue
    const month = o.pitMonth
    const cells: Record<string, Grosze> = {}
    if (o.isIncome) {
      cells[o.kpirColumn === 'otherRevenue' ? 'K8' : 'K7'] = o.pitAmount
      if (pit.kindOf(month) === 'ewp') {
        const rate = o.flatRate ?? normalizeRate(pit.ofYear(month)!.firstPercent)
        cells[`R:${rate}`] = o.pitAmount
      }
    } else {
      // The book's cost: the revenue-side amount in złoty and the input tax that may not be deducted.
      // A mixed-use car's running cost is booked at the part that is a cost (tax/carCosts.ts).
      const cost = carCostOf(o.pitAmount, o.carUse, nonDeductibleVat(o.vatAmount, o.vatFacts))
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

/**
 * A realised exchange difference (uPIT art. 24c) as its own entry of the KPiR on the payment day: a positive one in
 * column 8 (other revenue), a negative one in column 13 (other costs). The ewidencja of ryczałt has none.
 */
const exchangeDifferenceTarget = (record: RecordState, o: Occurrence, pit: PitSettings): Target | null => {
  if (!o.fx || pit.kindOf(o.fx.month) === 'ewp') return null
  const item = record.data as Item
  return {
    key: `${record.id}:${o.index}:fx`,
    source: { itemId: record.id, index: o.index, dataType: o.dataType },
    month: o.fx.month,
    date: o.fx.date,
    cells: o.fx.amount > 0n ? { K8: o.fx.amount } : { K13: -o.fx.amount },
    documentNumber: item.documentNumber ?? '',
    ksefNumber: null,
    counterparty: item.counterparty ?? null,
    description: describeGenerated({
      kind: 'exchangeDifference',
      currency: item.currency?.code ?? '',
      name: item.description || item.name,
    }),
  }
}

export const sameCounterparty = (a: Counterparty | null, b: Counterparty | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.name === b.name &&
    a.taxId === b.taxId &&
    a.country === b.country &&
    a.address === b.address)

export const sameTarget = (a: Target, b: Target) =>
  a.month === b.month &&
  a.date === b.date &&
  a.documentNumber === b.documentNumber &&
  a.ksefNumber === b.ksefNumber &&
  a.description === b.description &&
  sameCounterparty(a.counterparty, b.counterparty) &&
  sameCells(a.cells, b.cells)

// ---------------------------------------------------------------------------------------------------------------
// Entries and rows.

export interface Entry extends Texts {
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

export const entryOrder = (a: Entry, b: Entry) =>
  (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
  (a.kind === b.kind ? 0 : a.kind === 'entry' ? -1 : 1) ||
  a.source.itemId - b.source.itemId ||
  a.source.index - b.source.index

export const money = (v: Grosze | undefined): MoneyString | null =>
  v === undefined || v === 0n ? null : formatMoney(v)

export const sumOf = (c: Cells, ...keys: string[]): Grosze | undefined => {
  let s: Grosze | undefined
  for (const k of keys) if (c[k] !== undefined) s = (s ?? 0n) + c[k]!
  return s
}

export type Resolve = (id: string | null) => EntryRef | null

// Rows are never built by spreading a base object into a larger literal: that costs V8 tens of microseconds per
// row, which a year of 10 000 entries cannot afford.

export type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** The fields every row carries; the book's own fields are then assigned one by one (never spread). */
export const rowBase = (e: Entry, number: number, resolve: Resolve): RowBase => ({
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
