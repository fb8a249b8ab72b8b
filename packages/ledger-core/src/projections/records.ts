/**
 * Company records, settings and items as the HTTP contract's `RecordDto` (`{ id, dataType, eventType,
 * dataObject }`). Items carry `vatAmount` and `sum` (`amount × percent / 100` per item, rounded half-up to the
 * grosz; `sum = amount + vatAmount`). An item's `percent` is its own VAT rate: 0 means 0 % (SPEC's default for a
 * private item); the web prefills the VAT setting's percent when the company box is ticked (SPEC §4).
 */
import type { BooksState, RecordState } from '../model/state.ts'
import type { FieldError } from '../errors.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { isFigureProblem, recordProblems } from '../schemas/bounds.ts'
import {
  type CompanyDataType,
  type DataType,
  isItemDataType,
  isSettingKind,
  recordEventType,
  type SettingKind,
} from '../schemas/dataTypes.ts'
import type { Item } from '../schemas/records.ts'
import { type VatPercentOn, vatRateOf } from '../schedule.ts'
import { vatOfItem } from '../tax/vat.ts'
import { recordIndex } from './recordIndex.ts'
import type { LocalDateString } from '../types.ts'

export interface RecordDto {
  readonly id: number
  readonly dataType: DataType
  readonly eventType: string
  readonly dataObject: Record<string, unknown>
  /** The record's version (1 when created, +1 per change): send it back to change the record (If-Match/`version`). */
  readonly version: number
  /**
   * Only on a record stored by an older version outside today's bounds: what is wrong with it. Such a record counts
   * in no figure until it is corrected (PUT) or deleted.
   */
  readonly problems?: readonly FieldError[]
}

/**
 * `{ vatAmount, sum }` of an item dataObject (its first occurrence), as strings. An item whose VAT is the rate in
 * force on the day of supply (`percent: null`) takes it from `vatPercentOn`.
 */
export const itemTotals = (
  item: Pick<Item, 'amount' | 'percent'> & Partial<Pick<Item, 'supplyDate' | 'invoiceDate' | 'date' | 'documentVat'>>,
  vatPercentOn?: VatPercentOn,
): { vatAmount: string; sum: string } => {
  const amount = parseMoney(item.amount)
  const day = item.supplyDate ?? item.invoiceDate ?? item.date ?? ''
  // The VAT the document states (v4) wins over the computed one.
  const vat =
    item.documentVat != null
      ? parseMoney(item.documentVat)
      : vatOfItem(amount, item.percent ?? vatRateOf(vatPercentOn?.(day) ?? '0'))
  return { vatAmount: formatMoney(vat), sum: formatMoney(amount + vat) }
}

const dtoCache = new WeakMap<RecordState, RecordDto>()

/** The DTO of a record state (cached per record object, except items whose VAT follows the settings). */
const toDto = (state: BooksState, r: RecordState): RecordDto => {
  const hit = dtoCache.get(r)
  if (hit) return hit
  const data = r.data as unknown as Record<string, unknown>
  const problems = recordProblems(r.dataType, r.data)
  const countable = !problems.some(isFigureProblem)
  // An item outside the bounds (a 20-digit amount) has no totals: it counts in no figure.
  const item = isItemDataType(r.dataType) && countable ? (r.data as Item) : null
  const dto: RecordDto = {
    id: r.id,
    dataType: r.dataType,
    eventType: recordEventType(r.dataType, r.verb),
    dataObject: item ? { ...data, ...itemTotals(item, recordIndex(state).vatPercentOn) } : { ...data },
    version: r.version,
    ...(problems.length > 0 ? { problems } : {}),
  }
  if (item?.percent !== null) dtoCache.set(r, dto)
  return dto
}

const live = function* (state: BooksState, accept: (t: DataType) => boolean) {
  for (const r of state.records.values()) if (!r.deleted && accept(r.dataType)) yield r
}

/** The live company record of a type (there is at most one), or `null`. */
export const companyRecord = (state: BooksState, dataType: CompanyDataType): RecordDto | null => {
  const r = recordIndex(state).byType.get(dataType)?.[0]
  return r ? toDto(state, r) : null
}

/** A live company record, setting or item by id, or `null` (also for deleted ones). */
export const recordById = (state: BooksState, id: number): RecordDto | null => {
  const r = state.records.get(id)
  return r && !r.deleted ? toDto(state, r) : null
}

const byDateDesc = (a: RecordState, b: RecordState) => {
  const da = (a.data as { date: string }).date
  const db = (b.data as { date: string }).date
  return da < db ? 1 : da > db ? -1 : b.id - a.id
}
const byDateAsc = (a: RecordState, b: RecordState) => byDateDesc(b, a)

/**
 * Live records of a data type: settings newest date first; items by date then id (with `vatAmount` and `sum`);
 * company records as a list of at most one.
 */
export const listRecords = (state: BooksState, dataType: DataType): RecordDto[] => {
  const rs = isItemDataType(dataType)
    ? [...live(state, (t) => t === dataType)]
    : [...(recordIndex(state).byType.get(dataType) ?? [])]
  if (isSettingKind(dataType)) rs.sort(byDateDesc)
  else if (isItemDataType(dataType)) rs.sort(byDateAsc)
  return rs.map((r) => toDto(state, r))
}

/** The last item of a data type in `listRecords` order (date, then id), or `null`: one pass, one DTO. */
export const lastItem = (state: BooksState, dataType: DataType): RecordDto | null => {
  let last: RecordState | null = null
  for (const r of live(state, (t) => t === dataType)) if (last === null || byDateAsc(last, r) < 0) last = r
  return last ? toDto(state, last) : null
}

/** The setting of `kind` in force on `date`: the live one with the latest `date` not after it (ties: newest id). */
export const currentSettingState = (
  state: BooksState,
  kind: SettingKind,
  date: LocalDateString,
): RecordState | null => {
  let best: RecordState | null = null
  for (const r of recordIndex(state).byType.get(kind) ?? []) {
    const d = (r.data as { date: string }).date
    if (d > date) continue
    if (best === null) best = r
    else {
      const bd = (best.data as { date: string }).date
      if (d > bd || (d === bd && r.id > best.id)) best = r
    }
  }
  return best
}

export const currentSetting = (state: BooksState, kind: SettingKind, date: LocalDateString): RecordDto | null => {
  const r = currentSettingState(state, kind, date)
  return r ? toDto(state, r) : null
}

/** Live items dated `from`…`to` inclusive (by the item's own date), optionally only some data types. */
export const itemsBetween = (
  state: BooksState,
  from: LocalDateString,
  to: LocalDateString,
  dataTypes?: readonly DataType[],
): RecordDto[] => {
  const rs = [...live(state, (t) => isItemDataType(t) && (dataTypes === undefined || dataTypes.includes(t)))].filter(
    (r) => {
      const d = (r.data as { date: string }).date
      return d >= from && d <= to
    },
  )
  return rs.sort(byDateAsc).map((r) => toDto(state, r))
}
