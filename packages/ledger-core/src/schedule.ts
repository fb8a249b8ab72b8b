/**
 * When items occur. A fixed item occurs once, on its `date`. A recurring item dated D with `repetitions` n occurs
 * monthly on D's day for n months (occurrence k on `addMonths(D, k)`, k = 0…n−1); a day missing from a month falls
 * on the month's last day (31 Jan → 28/29 Feb, then 31 Mar again, since each occurrence counts from D itself).
 *
 * Cash (the dashboard row) is on the occurrence date. Each tax dates an occurrence by its own rule (`tax/taxPoint.ts`):
 * VAT by the tax point (`vatDate`), PIT, ryczałt and the tax book by the revenue or cost date (`pitDate`); the
 * invoice and supply dates of a recurring item shift by the same k months as its date.
 */
import type { RecordState } from './model/state.ts'
import { parseMoney } from './money.ts'
import { isIncomeType, type ItemDataType } from './schemas/dataTypes.ts'
import type { FlatRates, Item, KpirColumn, RecurringItem, VatTreatment } from './schemas/records.ts'
import { type CarUse, crossBorderVatDate, type VatFacts, vatFactsOf } from './tax/crossBorder.ts'
import { lateInputMonth } from './tax/lateSelfAssessed.ts'
import { itemDatesOf, pitDateOf, vatDateOf } from './tax/taxPoint.ts'
import { statedVatOf, vatOfItem } from './tax/vat.ts'
import { exchangeDifference } from './tax/currency.ts'
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
  /** Day of supply: the item's `supplyDate` (shifted like the date), else the invoice date, else the date. */
  readonly supplyDate: LocalDateString
  /** The day it counts for VAT (the tax point of a sale, the first day input VAT may be deducted for a purchase). */
  readonly vatDate: LocalDateString
  /** The day it counts for PIT / ryczałt and in the tax book (the revenue date or the cost date). */
  readonly pitDate: LocalDateString
  /** Months of `vatDate` and `pitDate`. */
  readonly vatMonth: YearMonthString
  readonly pitMonth: YearMonthString
  readonly isIncome: boolean
  readonly isCompany: boolean
  /** The VAT percent applied: the item's own, or (`inForce`) the VAT setting's on the day of supply. */
  readonly percent: PercentString
  readonly vatTreatment: VatTreatment
  /** The item's KPiR column (`null`: expenses "other", incomes "sales"). */
  readonly kpirColumn: KpirColumn | null
  /** An expense for a car: how the car is used (its PIT cost, `tax/carCosts.ts`); `null`: not a car's expense. */
  readonly carUse: CarUse | null
  /** Incomes on ryczałt: the rate of this revenue (`null`: the PIT setting's rate). */
  readonly flatRate: (typeof FlatRates)[number] | null
  /** Net amount (for an item in a foreign currency: the VAT base in złoty, uVAT art. 31a). */
  readonly amount: Grosze
  readonly vatAmount: Grosze
  /** Cross-border kind, car use, fixed asset (tax/crossBorder.ts); `null`: an ordinary domestic item. */
  readonly vatFacts: VatFacts | null
  /** The revenue or cost in złoty (PIT, ryczałt, the tax book): `amount`, or a currency item's at its PIT rate. */
  readonly pitAmount: Grosze
  /** A foreign-currency item's realised exchange difference (tax/currency.ts), `null` when none is known. */
  readonly fx: ExchangeDifference | null
  /** A foreign-currency item's currency and net amount in it, as typed; `null` for złoty. */
  readonly currency: { readonly code: string; readonly amount: string } | null
}

/** A realised exchange difference (uPIT art. 24c): revenue when positive, a cost when negative, on the payment day. */
export interface ExchangeDifference {
  readonly date: LocalDateString
  readonly month: YearMonthString
  readonly amount: Grosze
}

/** The exchange difference of an item paid on a known day in a foreign currency. */
const fxOf = (item: Item, isIncome: boolean, pitAmount: Grosze): ExchangeDifference | null => {
  const c = item.currency
  if (!c?.paidOn || c.paidAmount == null) return null
  const amount = exchangeDifference(isIncome, pitAmount, parseMoney(c.paidAmount))
  return amount === 0n ? null : { date: c.paidOn, month: c.paidOn.slice(0, 7), amount }
}

/** The facts of an ordinary domestic item, to mark a purchase of an exempt buyer. */
const NO_FACTS: VatFacts = { crossBorder: null, carUse: null, fixedAsset: false }

/**
 * The VAT percent in force on a day (the VAT setting's), for items whose VAT is `inForce`; `zw` or `np` when the
 * setting says the sales are exempt or not subject (docs/tax-rules.md §32).
 */
export type VatPercentOn = (day: LocalDateString) => PercentString

/** A setting's percent as a rate: `zw` and `np` carry no VAT (0). */
export const vatRateOf = (percent: PercentString): PercentString =>
  percent === 'zw' || percent === 'np' ? '0' : percent

/** For callers that know no settings: a VAT payer at 0 % (no item loses its deduction for want of a resolver). */
const noVatSetting: VatPercentOn = () => '0'

/**
 * Whether a purchase whose VAT arises on `day` deducts nothing (`VatFacts.noDeduction`): a `zw` setting is in force
 * (exempt sales: uVAT art. 86 ust. 1, art. 88 ust. 4). Sales outside Poland (`np`) keep the right to deduct (art. 86
 * ust. 8 pkt 1).
 */
const deductsNothingOn = (vatPercentOn: VatPercentOn, day: LocalDateString): boolean => vatPercentOn(day) === 'zw'

/** Occurrences of items with their own rate, as a VAT payer (`noDeduction` never set): cached per record object. */
const cache = new WeakMap<object, readonly Occurrence[]>()
/**
 * The same purchases' occurrences with `noDeduction` where the settings say so, by which of them it marks ("0101…"):
 * the same settings give the same arrays whatever resolver asks (each books state has its own).
 */
const deductionCache = new WeakMap<object, Map<string, readonly Occurrence[]>>()
/** Occurrences of `inForce` items depend on the VAT settings too: cached per resolver (one per books state). */
const inForceCache = new WeakMap<VatPercentOn, WeakMap<object, readonly Occurrence[]>>()

/**
 * Every occurrence of an item (empty for a deleted item). Cached per record object (and per `vatPercentOn` for
 * items whose VAT is the rate in force on the day of supply; per the occurrences the settings take the deduction
 * from, for purchases with their own rate).
 */
export const occurrencesOf = (
  record: RecordState,
  vatPercentOn: VatPercentOn = noVatSetting,
): readonly Occurrence[] => {
  if (record.deleted) return []
  const item = record.data as Item & Partial<Pick<RecurringItem, 'repetitions'>>
  if (item.percent === null) {
    let perResolver = inForceCache.get(vatPercentOn)
    if (!perResolver) {
      perResolver = new WeakMap()
      inForceCache.set(vatPercentOn, perResolver)
    }
    let hit = perResolver.get(record)
    if (!hit) {
      hit = computeOccurrences(record, item, vatPercentOn, (day) => deductsNothingOn(vatPercentOn, day))
      perResolver.set(record, hit)
    }
    return hit
  }
  let base = cache.get(record)
  if (!base) {
    base = computeOccurrences(record, item, vatPercentOn, () => false)
    cache.set(record, base)
  }
  if (base.length === 0 || base[0]!.isIncome) return base
  // A purchase: which of its occurrences deduct nothing under the settings of this resolver.
  let marks = ''
  for (const o of base) marks += deductsNothingOn(vatPercentOn, o.vatDate) ? '1' : '0'
  if (!marks.includes('1')) return base
  let variants = deductionCache.get(record)
  if (!variants) {
    variants = new Map()
    deductionCache.set(record, variants)
  }
  let hit = variants.get(marks)
  if (!hit) {
    const marked = new Set(base.filter((_, k) => marks[k] === '1').map((o) => o.vatDate))
    hit = computeOccurrences(record, item, vatPercentOn, (day) => marked.has(day))
    variants.set(marks, hit)
  }
  return hit
}

/** The occurrences of an item; `deductsNothing(vatDay)` says whether a purchase's occurrence deducts its VAT. */
const computeOccurrences = (
  record: RecordState,
  item: Item & Partial<Pick<RecurringItem, 'repetitions'>>,
  vatPercentOn: VatPercentOn,
  deductsNothing: (day: LocalDateString) => boolean,
): readonly Occurrence[] => {
  const dataType = record.dataType as ItemDataType
  const n = dataType === 'RecurringIncome' || dataType === 'RecurringExpense' ? (item.repetitions ?? 1) : 1
  const amount = parseMoney(item.amount)
  const pitAmount = item.currency?.pitAmount ? parseMoney(item.currency.pitAmount) : amount
  const fx = fxOf(item, isIncomeType(dataType), pitAmount)
  // The VAT the document states (item v4) is the item's VAT; otherwise amount × percent, per occurrence.
  const fixedVat = statedVatOf(item)
  const vatFacts = vatFactsOf(item)
  const out: Occurrence[] = []
  for (let k = 0; k < n; k++) {
    const dates = itemDatesOf(item, isIncomeType(dataType), k)
    const { date, invoiceDate } = dates
    const supplyDate = dates.supplyDate ?? invoiceDate ?? date
    // An item at the rate in force under a VAT setting of `zw` / `np` is exempt / not subject itself (§32).
    const inForce = item.percent === null ? vatPercentOn(supplyDate) : null
    const followsSetting =
      item.vatTreatment === undefined || item.vatTreatment === 'inForce' || item.vatTreatment === 'rate'
    const settingSays = followsSetting && (inForce === 'zw' || inForce === 'np') ? inForce : null
    const percent = settingSays !== null ? '0' : (item.percent ?? inForce ?? '0')
    // A recurring item in a currency: this occurrence's own conversion (deciders/currency.ts).
    const own = k > 0 ? item.currency?.occurrences?.[k] : undefined
    const amountK = own ? parseMoney(own.amount) : amount
    const vatDate = crossBorderVatDate(item.crossBorder ?? null, dates) ?? vatDateOf(dates)
    const late = lateInputMonth(item.crossBorder ?? null, vatDate.slice(0, 7), item.outputDeclaredOn)
    // A purchase while the VAT setting says the taxpayer's sales are exempt deducts nothing (VatFacts.noDeduction).
    const exemptBuyer = !dates.isIncome && deductsNothing(vatDate)
    const pitDate = pitDateOf(dates)
    out.push({
      itemId: record.id,
      dataType,
      index: k,
      name: item.name,
      date,
      invoiceDate,
      supplyDate,
      vatDate,
      pitDate,
      vatMonth: vatDate.slice(0, 7),
      pitMonth: pitDate.slice(0, 7),
      isIncome: isIncomeType(dataType),
      isCompany: item.isCompany,
      percent,
      vatTreatment: settingSays ?? item.vatTreatment ?? 'rate',
      kpirColumn: item.kpirColumn ?? null,
      carUse: item.car?.use ?? null,
      flatRate: item.flatRate ?? null,
      amount: amountK,
      vatAmount: own ? vatOfItem(amountK, percent) : (fixedVat ?? vatOfItem(amount, percent)),
      pitAmount: own ? parseMoney(own.pitAmount) : pitAmount,
      fx,
      vatFacts: exemptBuyer
        ? { ...(vatFacts ?? NO_FACTS), noDeduction: true }
        : late && vatFacts
          ? { ...vatFacts, lateInputMonth: late }
          : vatFacts,
      currency: item.currency ? { code: item.currency.code, amount: item.currency.amount } : null,
    })
  }
  return out
}

/** The months an occurrence counts in for taxes: its VAT month and its PIT month (one when they agree). */
export const taxMonthsOf = (o: Occurrence): readonly YearMonthString[] => {
  const months = o.vatMonth === o.pitMonth ? [o.vatMonth] : [o.vatMonth, o.pitMonth]
  const late = o.vatFacts?.lateInputMonth
  const withLate = late && !months.includes(late) ? [...months, late] : months
  return o.fx && !withLate.includes(o.fx.month) ? [...withLate, o.fx.month] : withLate
}

/** Occurrences grouped by cash month and by tax month. */
export interface ScheduleIndex {
  readonly byCashMonth: ReadonlyMap<YearMonthString, readonly Occurrence[]>
  /**
   * Occurrences by every month they count in for a tax (see {@link taxMonthsOf}): a month's list holds those whose
   * VAT month or PIT month it is; a reader picks by `vatMonth` / `pitMonth`.
   */
  readonly byTaxMonth: ReadonlyMap<YearMonthString, readonly Occurrence[]>
  /** Earliest and latest month any occurrence touches (cash or tax), `null` without items. */
  readonly range: readonly [YearMonthString, YearMonthString] | null
}

const byDateThenItem = (x: Occurrence, y: Occurrence) =>
  x.date < y.date ? -1 : x.date > y.date ? 1 : x.itemId - y.itemId || x.index - y.index

/**
 * Two lists sorted by {@link byDateThenItem} as one sorted list (the first itself when the second is empty): each
 * occurrence of the second (a step's few) is placed by a binary search in the first (a month's many), whose runs
 * between two places are copied whole.
 */
const mergeSorted = (a: readonly Occurrence[], b: readonly Occurrence[]): readonly Occurrence[] => {
  if (b.length === 0) return a
  if (a.length === 0) return b
  const out: Occurrence[] = []
  let from = 0
  for (const o of b) {
    let lo = from
    let hi = a.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (byDateThenItem(a[mid]!, o) <= 0) lo = mid + 1
      else hi = mid
    }
    for (let i = from; i < lo; i++) out.push(a[i]!)
    out.push(o)
    from = lo
  }
  for (let i = from; i < a.length; i++) out.push(a[i]!)
  return out
}

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
export const indexSchedule = (records: Iterable<RecordState>, vatPercentOn?: VatPercentOn): ScheduleIndex => {
  const byCash = new Map<YearMonthString, Occurrence[]>()
  const byTax = new Map<YearMonthString, Occurrence[]>()
  for (const r of records) {
    for (const o of occurrencesOf(r, vatPercentOn)) {
      pushTo(byCash, o.date.slice(0, 7), o)
      for (const m of taxMonthsOf(o)) pushTo(byTax, m, o)
    }
  }
  for (const a of byCash.values()) a.sort(byDateThenItem)
  for (const a of byTax.values()) a.sort(byDateThenItem)
  return { byCashMonth: byCash, byTaxMonth: byTax, range: rangeOf(byCash, byTax) }
}

/**
 * The index after some items changed: `changes` are the items added, updated or deleted (or whose VAT in force
 * changed), with the record the index was built from (`before`, absent for a new item) and the current one. Only the
 * months their old and new occurrences fall in are rebuilt; the other months' arrays are shared with `index` (which
 * is not modified). `vatPercentOn` resolves the VAT in force now, `vatPercentOnBefore` the one `index` was built with.
 * Returns the touched tax months too (their figures change), with the occurrences each of them lost (`removed`)
 * and gained (`added`), from which their figures are updated.
 */
export const updateSchedule = (
  index: ScheduleIndex,
  changes: readonly { readonly before: RecordState | undefined; readonly after: RecordState | undefined }[],
  vatPercentOn?: VatPercentOn,
  vatPercentOnBefore: VatPercentOn | undefined = vatPercentOn,
): {
  index: ScheduleIndex
  taxMonths: ReadonlySet<YearMonthString>
  removed: ReadonlyMap<YearMonthString, readonly Occurrence[]>
  added: ReadonlyMap<YearMonthString, readonly Occurrence[]>
} => {
  const touchedCash = new Set<YearMonthString>()
  const touchedTax = new Set<YearMonthString>()
  const touch = (o: Occurrence) => {
    touchedCash.add(o.date.slice(0, 7))
    for (const m of taxMonthsOf(o)) touchedTax.add(m)
  }
  const changed = new Set<number>()
  const now: RecordState[] = []
  const removedByTax = new Map<YearMonthString, Occurrence[]>()
  const removedCash = new Set<YearMonthString>()
  for (const { before, after } of changes) {
    changed.add((before ?? after)!.id)
    // The old occurrences' months are rebuilt without them (the same objects the index holds: cached per record).
    if (before)
      for (const o of occurrencesOf(before, vatPercentOnBefore)) {
        for (const m of taxMonthsOf(o)) pushTo(removedByTax, m, o)
        removedCash.add(o.date.slice(0, 7))
        touch(o)
      }
    if (after) now.push(after)
  }
  const addedByCash = new Map<YearMonthString, Occurrence[]>()
  const addedByTax = new Map<YearMonthString, Occurrence[]>()
  for (const r of now)
    for (const o of occurrencesOf(r, vatPercentOn)) {
      pushTo(addedByCash, o.date.slice(0, 7), o)
      for (const m of taxMonthsOf(o)) pushTo(addedByTax, m, o)
      touch(o)
    }
  const rebuild = (
    source: ReadonlyMap<YearMonthString, readonly Occurrence[]>,
    touched: ReadonlySet<YearMonthString>,
    added: ReadonlyMap<YearMonthString, readonly Occurrence[]>,
    removedFrom: { has(m: YearMonthString): boolean },
  ) => {
    const out = new Map(source)
    for (const m of touched) {
      // A month that lost nothing keeps its (sorted) occurrences: the added ones are merged in, nothing sorted again.
      const old = source.get(m) ?? []
      const kept = removedFrom.has(m) ? old.filter((o) => !changed.has(o.itemId)) : old
      const a = mergeSorted(kept, [...(added.get(m) ?? [])].sort(byDateThenItem))
      if (a.length === 0) out.delete(m)
      else out.set(m, a)
    }
    return out
  }
  const byCash = rebuild(index.byCashMonth, touchedCash, addedByCash, removedCash)
  const byTax = rebuild(index.byTaxMonth, touchedTax, addedByTax, removedByTax)
  return {
    index: { byCashMonth: byCash, byTaxMonth: byTax, range: rangeOf(byCash, byTax) },
    taxMonths: touchedTax,
    removed: removedByTax,
    added: addedByTax,
  }
}
