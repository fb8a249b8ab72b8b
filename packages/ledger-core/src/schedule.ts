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

/** Groups the occurrences of the given item records by month. */
export const indexSchedule = (records: Iterable<RecordState>): ScheduleIndex => {
  const byCash = new Map<YearMonthString, Occurrence[]>()
  const byTax = new Map<YearMonthString, Occurrence[]>()
  let lo: string | null = null
  let hi: string | null = null
  for (const r of records) {
    for (const o of occurrencesOf(r)) {
      const cm = o.date.slice(0, 7)
      pushTo(byCash, cm, o)
      pushTo(byTax, o.taxMonth, o)
      for (const m of [cm, o.taxMonth]) {
        if (lo === null || m < lo) lo = m
        if (hi === null || m > hi) hi = m
      }
    }
  }
  const order = (x: Occurrence, y: Occurrence) =>
    x.date < y.date ? -1 : x.date > y.date ? 1 : x.itemId - y.itemId || x.index - y.index
  for (const a of byCash.values()) a.sort(order)
  for (const a of byTax.values()) a.sort(order)
  return { byCashMonth: byCash, byTaxMonth: byTax, range: lo !== null && hi !== null ? [lo, hi] : null }
}
