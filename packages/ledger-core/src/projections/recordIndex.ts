/**
 * An index of the few records a read of one small record looks for — company records and settings, by type — and
 * the VAT rate in force on a day (what an item's DTO needs), kept per records map. A read of one company record or
 * setting then costs a lookup, whatever the size of the books, and derives nothing (no schedule, no month, no tax).
 *
 * Like the derivations (`derived.ts`), the index of a new version of the records is made from the index of an
 * earlier version (found through the map's parent) and the keys that changed, so a write costs the records it
 * changed; a full scan happens once per process and user (the first read after the books were loaded).
 */
import { CowMap } from '../model/cowMap.ts'
import type { BooksState, RecordState } from '../model/state.ts'
import { isFigureProblem, recordProblems } from '../schemas/bounds.ts'
import { isCompanyDataType, isSettingKind } from '../schemas/dataTypes.ts'
import type { DataType, Vat } from '../schemas/records.ts'
import type { VatPercentOn } from '../schedule.ts'
import { vatPercentResolver } from './derived.ts'

export interface RecordIndex {
  /** Live company records and settings by data type, in id order. */
  readonly byType: ReadonlyMap<DataType, readonly RecordState[]>
  /** The VAT setting's percent in force on a day ("0" before the first), as `derive(state).vatPercentOn`. */
  readonly vatPercentOn: VatPercentOn
}

const indexed = (r: RecordState | undefined): r is RecordState =>
  r !== undefined && !r.deleted && (isCompanyDataType(r.dataType) || isSettingKind(r.dataType))

/** A VAT setting that counts in the figures (as `derived.ts` counts it). */
const countingVat = (r: RecordState) =>
  r.dataType === 'Vat' && !r.deleted && !recordProblems(r.dataType, r.data).some(isFigureProblem)

const vatOf = (byType: ReadonlyMap<DataType, readonly RecordState[]>): VatPercentOn =>
  vatResolverOf(byType.get('Vat') ?? [])

/** The VAT setting in force on a day, from the VAT setting records (those that count, as `derived.ts` counts them). */
export const vatResolverOf = (records: Iterable<RecordState>): VatPercentOn => {
  const vat = [...records]
    .filter(countingVat)
    .map((r) => ({ id: r.id, ...(r.data as Vat) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
  return vatPercentResolver(vat)
}

const byId = (a: RecordState, b: RecordState) => a.id - b.id

const build = (records: ReadonlyMap<number, RecordState>): RecordIndex => {
  const byType = new Map<DataType, RecordState[]>()
  for (const r of records.values()) {
    if (!indexed(r)) continue
    const list = byType.get(r.dataType)
    if (list) list.push(r)
    else byType.set(r.dataType, [r])
  }
  for (const list of byType.values()) list.sort(byId)
  return { byType, vatPercentOn: vatOf(byType) }
}

/** More changed records than this and a full scan is as cheap. */
const MAX_CHANGES = 256

const update = (
  base: RecordIndex,
  before: CowMap<number, RecordState>,
  records: CowMap<number, RecordState>,
): RecordIndex | null => {
  const changed = before.changedKeys(records)
  if (changed.length > MAX_CHANGES) return null
  let byType: Map<DataType, readonly RecordState[]> | null = null
  let vatChanged = false
  for (const id of changed) {
    const was = before.get(id)
    const now = records.get(id)
    if (!indexed(was) && !indexed(now)) continue
    byType ??= new Map(base.byType)
    if (was?.dataType === 'Vat' || now?.dataType === 'Vat') vatChanged = true
    if (indexed(was))
      byType.set(
        was.dataType,
        (byType.get(was.dataType) ?? []).filter((r) => r.id !== id),
      )
    if (indexed(now)) byType.set(now.dataType, [...(byType.get(now.dataType) ?? []), now].sort(byId))
  }
  if (byType === null) return base
  return { byType, vatPercentOn: vatChanged ? vatOf(byType) : base.vatPercentOn }
}

const cache = new WeakMap<object, RecordIndex>()

/** The index of the books' current records (cached per records map; updated from an earlier version's). */
export const recordIndex = (state: BooksState): RecordIndex => {
  const records = state.records
  const hit = cache.get(records)
  if (hit) return hit
  let index: RecordIndex | null = null
  if (records instanceof CowMap) {
    let p = records.parent?.deref()
    for (let depth = 0; p && depth < 64; depth++) {
      const base = cache.get(p)
      if (base) {
        index = update(base, p, records)
        break
      }
      p = p.parent?.deref()
    }
  }
  index ??= build(records)
  cache.set(records, index)
  return index
}
