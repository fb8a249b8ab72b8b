/**
 * When items occur. A fixed item occurs once, on its `date`. A recurring item dated D with `repetitions` n occurs
 * monthly on D's day for n months (occurrence k on `addMonths(D, k)`, k = 0…n−1); a day missing from a month falls
 * on the month's last day (31 Jan → 28/29 Feb, then 31 Mar again, since each occurrence counts from D itself).
 *
 * Cash (the dashboard row) is on the occurrence date. Taxes attribute an occurrence to the month of its invoice
 * date when the item has one (shifted by the same k months for recurring items), otherwise to the month of its date.
 */
import { addMonths } from './calendar.ts'
import type { RecordState } from './deciders/state.ts'
import { parseMoney } from './money.ts'
import { type Item, isIncomeType, type ItemDataType, type RecurringItem } from './schemas/records.ts'
import { vatOfItem } from './tax/vat.ts'
import type { Grosze, LocalDateString, PercentString, YearMonthString } from './types.ts'

/** Appends `value` to the array under `key`, creating it. */
export const pushTo = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const a = map.get(key)
  if (a) a.push(value)
  else map.set(key, [value])
}

export interface Occurrence {
  readonly itemId: number
  readonly dataType: ItemDataType
  /** 0 for the first occurrence. */
  readonly index: number
  readonly name: string
  /** Cash date. */
  readonly date: LocalDateString
  readonly invoiceDate: LocalDateString | null
  /** Month the occurrence counts in for taxes. */
  readonly taxMonth: YearMonthString
  readonly isIncome: boolean
  readonly isCompany: boolean
  readonly percent: PercentString
  /** Net amount. */
  readonly amount: Grosze
  readonly vatAmount: Grosze
}

const cache = new WeakMap<object, readonly Occurrence[]>()

/** Every occurrence of an item (empty for a deleted item). Cached per record object. */
export const occurrencesOf = (record: RecordState): readonly Occurrence[] => {
  if (record.deleted) return []
  const hit = cache.get(record)
  if (hit) return hit
  const dataType = record.dataType as ItemDataType
  const item = record.data as Item & Partial<Pick<RecurringItem, 'repetitions'>>
  const n = dataType === 'RecurringIncome' || dataType === 'RecurringExpense' ? (item.repetitions ?? 1) : 1
  const amount = parseMoney(item.amount)
  const vatAmount = vatOfItem(amount, item.percent)
  const out: Occurrence[] = []
  for (let k = 0; k < n; k++) {
    const date = k === 0 ? item.date : addMonths(item.date, k)
    const invoiceDate = item.invoiceDate === null ? null : k === 0 ? item.invoiceDate : addMonths(item.invoiceDate, k)
    out.push({
      itemId: record.id,
      dataType,
      index: k,
      name: item.name,
      date,
      invoiceDate,
      taxMonth: (invoiceDate ?? date).slice(0, 7),
      isIncome: isIncomeType(dataType),
      isCompany: item.isCompany,
      percent: item.percent,
      amount,
      vatAmount,
    })
  }
  cache.set(record, out)
  return out
}

/** Occurrences grouped by cash month and by tax month. */
export interface ScheduleIndex {
  readonly byCashMonth: ReadonlyMap<YearMonthString, readonly Occurrence[]>
  readonly byTaxMonth: ReadonlyMap<YearMonthString, readonly Occurrence[]>
  /** Earliest and latest month any occurrence touches (cash or tax), `null` without items. */
  readonly range: readonly [YearMonthString, YearMonthString] | null
}

const byDateThenItem = (x: Occurrence, y: Occurrence) =>
  x.date < y.date ? -1 : x.date > y.date ? 1 : x.itemId - y.itemId || x.index - y.index

const rangeOf = (
  ...maps: ReadonlyMap<YearMonthString, unknown>[]
): readonly [YearMonthString, YearMonthString] | null => {
  let lo: string | null = null
  let hi: string | null = null
  for (const map of maps)
    for (const m of map.keys()) {
      if (lo === null || m < lo) lo = m
      if (hi === null || m > hi) hi = m
    }
  return lo !== null && hi !== null ? [lo, hi] : null
}

/** Groups the occurrences of the given item records by month. */
export const indexSchedule = (records: Iterable<RecordState>): ScheduleIndex => {
  const byCash = new Map<YearMonthString, Occurrence[]>()
  const byTax = new Map<YearMonthString, Occurrence[]>()
  for (const r of records) {
    for (const o of occurrencesOf(r)) {
      pushTo(byCash, o.date.slice(0, 7), o)
      pushTo(byTax, o.taxMonth, o)
    }
  }
  for (const a of byCash.values()) a.sort(byDateThenItem)
  for (const a of byTax.values()) a.sort(byDateThenItem)
  return { byCashMonth: byCash, byTaxMonth: byTax, range: rangeOf(byCash, byTax) }
}

/**
 * The index after some items changed: `changes` are the items added, updated or deleted, with the record the index
 * was built from (`before`, absent for a new item) and the current one. Only the months their old and new
 * occurrences fall in are rebuilt; the other months' arrays are shared with `index` (which is not modified).
 * Returns the touched tax months too (their figures change).
 */
export const updateSchedule = (
  index: ScheduleIndex,
  changes: readonly { readonly before: RecordState | undefined; readonly after: RecordState | undefined }[],
): { index: ScheduleIndex; taxMonths: ReadonlySet<YearMonthString> } => {
  const touchedCash = new Set<YearMonthString>()
  const touchedTax = new Set<YearMonthString>()
  const touch = (o: Occurrence) => {
    touchedCash.add(o.date.slice(0, 7))
    touchedTax.add(o.taxMonth)
  }
  const changed = new Set<number>()
  const now: RecordState[] = []
  for (const { before, after } of changes) {
    changed.add((before ?? after)!.id)
    // The old occurrences' months are rebuilt without them (the same objects the index holds: cached per record).
    if (before) for (const o of occurrencesOf(before)) touch(o)
    if (after) now.push(after)
  }
  const addedByCash = new Map<YearMonthString, Occurrence[]>()
  const addedByTax = new Map<YearMonthString, Occurrence[]>()
  for (const r of now)
    for (const o of occurrencesOf(r)) {
      pushTo(addedByCash, o.date.slice(0, 7), o)
      pushTo(addedByTax, o.taxMonth, o)
      touch(o)
    }
  const rebuild = (
    source: ReadonlyMap<YearMonthString, readonly Occurrence[]>,
    touched: ReadonlySet<YearMonthString>,
    added: ReadonlyMap<YearMonthString, readonly Occurrence[]>,
  ) => {
    const out = new Map(source)
    for (const m of touched) {
      const a = (source.get(m) ?? []).filter((o) => !changed.has(o.itemId))
      a.push(...(added.get(m) ?? []))
      if (a.length === 0) out.delete(m)
      else out.set(m, a.sort(byDateThenItem))
    }
    return out
  }
  const byCash = rebuild(index.byCashMonth, touchedCash, addedByCash)
  const byTax = rebuild(index.byTaxMonth, touchedTax, addedByTax)
  return { index: { byCashMonth: byCash, byTaxMonth: byTax, range: rangeOf(byCash, byTax) }, taxMonths: touchedTax }
}
