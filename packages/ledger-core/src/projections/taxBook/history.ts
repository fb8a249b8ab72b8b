/** The history fold: the entries of closed months are frozen, and later changes to them become corrections. */
import { addMonthsToMonth } from '../../calendar.ts'
import { contributionRowMonth, taxObligationId } from '../../identity.ts'
import { contributionPayments, socialSecurityInput } from '../derived.ts'
import { vatResolverOf } from '../recordIndex.ts'
import type { VatPercentOn } from '../../schedule.ts'
import type { BooksState, RecordState } from '../../model/state.ts'
import type { LedgerEvent } from '../../events.ts'
import type { Pit, Primary, SocialSecurity } from '../../schemas/records.ts'
import { computeTaxes, type SocialSecuritySettingInput } from '../../tax/engine.ts'
import { type AssetState, assetEventsOf, foldAsset, registerPlans } from '../../assets/register.ts'
import { assetBookLines } from '../taxBookAssets.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../../types.ts'
import {
  addCells,
  type BookKind,
  bookClosingDay,
  type Cells,
  EMPTY,
  type EntryRef,
  type EntrySource,
  type EwpRow,
  isEmpty,
  type KpirRow,
  polishDayOf,
  type TaxBook,
} from './types.ts'
import {
  type Entry,
  entryOrder,
  PitSettings,
  type Resolve,
  type Target,
  type Texts,
  sameTarget,
  targetsOf,
} from './entries.ts'
import { addKpir, KPIR_CELLS, kpirRow, zeroKpir } from './kpir.ts'
import { ewpParts, ewpRows } from './ewp.ts'
import { assemble, type MonthParts } from './book.ts'
import { describeGenerated, LABOUR_FUND_SOURCE } from './descriptions.ts'

/** How many rows an entry makes in a book (0: nothing of it belongs there, e.g. a cost in the ewidencja). */
const rowCount = (e: Entry, kind: BookKind) =>
  kind === 'kpir' ? (KPIR_CELLS.some((k) => e.cells[k] !== undefined) ? 1 : 0) : ewpParts(e.cells).length

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
  /** The VAT settings: a purchase's VAT is a cost while a `zw` setting says the sales are exempt (`occurrencesOf`). */
  private readonly vat = new Map<number, RecordState>()
  private vatOn: VatPercentOn = vatResolverOf([])
  /** The social-security settings and the business start: the owner's Fundusz Pracy (`labourFundLines`). */
  private readonly social = new Map<number, SocialSecuritySettingInput>()
  private company: { readonly businessStartDate: LocalDateString | null } | null = null
  /**
   * The days the contributions of a month were paid, from the ZUS rows completed with a `paidOn` (typed, or from a
   * bank statement): the Fundusz Pracy line of that month is dated so, as the engine deducts it
   * (`contributionPayments` of projections/derived.ts). Rows of the frozen-month model (numeric ids) are not read.
   */
  private readonly contributionsPaidOn = new Map<YearMonthString, LocalDateString>()
  /** The last year the Fundusz Pracy lines were computed through (they reach December of the latest year seen). */
  private labourFundThrough = 0
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
    const all = () =>
      [...new Set([...this.items.keys(), ...this.assets.keys(), ...this.keysOfItem.keys()])].filter(
        (id) => id !== LABOUR_FUND,
      )
    if (changed !== null && changed !== 'labourFund')
      for (const id of changed === 'all' ? all() : changed) this.refresh(id, day)
    // The Fundusz Pracy lines follow their settings and the book kinds, and reach December of the latest year seen.
    const newYear = day !== null && Number(day.slice(0, 4)) > this.labourFundThrough && this.social.size > 0
    if (newYear || changed === 'labourFund' || changed === 'all') this.refreshLabourFund(day)
  }

  /**
   * Item ids whose entries may have changed, `'all'`, `'labourFund'` (the owner's Fundusz Pracy lines only), or
   * `null` when the event does not touch the book.
   */
  private apply(e: LedgerEvent): readonly number[] | 'all' | 'labourFund' | null {
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
        if (e.data.kind === 'SocialSecurity') {
          this.social.set(e.data.id, socialSecurityInput(e.data.id, e.data.data as SocialSecurity))
          return 'labourFund'
        }
        if (e.data.kind === 'Vat') {
          this.vat.set(e.data.id, { id: e.data.id, dataType: 'Vat', data: e.data.data, deleted: false } as RecordState)
          this.vatOn = vatResolverOf(this.vat.values())
          return 'all'
        }
        if (e.data.kind !== 'Pit') return null
        this.pit.set({ id: e.data.id, ...(e.data.data as Pit) })
        return 'all'
      case 'SettingDeleted':
        if (this.social.delete(e.data.id)) return 'labourFund'
        if (this.vat.delete(e.data.id)) {
          this.vatOn = vatResolverOf(this.vat.values())
          return 'all'
        }
        if (!this.pit.has(e.data.id)) return null
        this.pit.delete(e.data.id)
        return 'all'
      case 'CompanyRecordSaved': {
        if (e.data.dataType !== 'Primary') return null
        const start = (e.data.data as Partial<Primary>).businessStartDate ?? null
        if (start === (this.company?.businessStartDate ?? null)) return null
        this.company = { businessStartDate: start }
        return 'labourFund'
      }
      case 'CompanyRecordDeleted':
        if (e.data.dataType !== 'Primary' || this.company === null) return null
        this.company = null
        return 'labourFund'
      case 'TransactionCompletedSet': {
        const month = contributionRowMonth(e.data.id)
        if (month === undefined) return null
        const before = this.contributionsPaidOn.get(month)
        // A completion that does not say the day keeps the day an earlier one said (as the books' flags do).
        if (!e.data.completed) this.contributionsPaidOn.delete(month)
        else if (e.data.paidOn !== undefined) this.contributionsPaidOn.set(month, e.data.paidOn)
        return this.contributionsPaidOn.get(month) === before || this.social.size === 0 ? null : 'labourFund'
      }
      case 'TransactionFlagsCleared': {
        let changed = false
        for (const id of e.data.ids) {
          const month = contributionRowMonth(id)
          if (month !== undefined && this.contributionsPaidOn.delete(month)) changed = true
        }
        return changed && this.social.size > 0 ? 'labourFund' : null
      }
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
    this.retarget(itemId, record ? targetsOf(record, this.pit, this.vatOn) : this.assetLines(itemId), day)
  }

  /** Recomputes the owner's Fundusz Pracy lines after a change recorded on `day` (`labourFundLines`). */
  private refreshLabourFund(day: LocalDateString | null) {
    const years = [...this.social.values()].map((z) => Number(z.date.slice(0, 4)))
    if (day !== null) years.push(Number(day.slice(0, 4)))
    this.labourFundThrough = Math.max(this.labourFundThrough, ...years)
    const start = this.company?.businessStartDate ?? null
    const lines = labourFundLines([...this.social.values()], start, this.labourFundThrough, this.contributionsPaidOn)
    this.retarget(LABOUR_FUND, lines, day)
  }

  /** Replaces the targets of one source (an item, an asset, the Fundusz Pracy) after a change recorded on `day`. */
  private retarget(itemId: number, next: readonly Target[], day: LocalDateString | null) {
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
      // Closed before the next month of this pass is frozen: a correction there finds this month's entries closed,
      // as it would had the months closed one at a time.
      this.closedThrough = month
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
    if (year > this.labourFundThrough && this.social.size > 0) {
      this.labourFundThrough = year
      this.refreshLabourFund(null)
    }
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

/** The source id of the owner's Fundusz Pracy lines (records and assets have ids from 1). */
const LABOUR_FUND = LABOUR_FUND_SOURCE

/**
 * The owner's Fundusz Pracy as KPiR lines: a cost of the day it is paid (uPIT art. 22 ust. 1; "pozostałe wydatki"),
 * one line per month whose social contributions include it, through December of `throughYear`. The amounts and the
 * days are the engine's (`computeTaxes`: the setting governing each month, an incomplete first month, the setting's
 * `contributionsPaid`, or the day a completed ZUS row says they were paid); the social insurance itself is deducted
 * from income, not entered in the book.
 */
const labourFundLines = (
  social: readonly SocialSecuritySettingInput[],
  businessStartDate: LocalDateString | null,
  throughYear: number,
  contributionsPaidOn: ReadonlyMap<YearMonthString, LocalDateString>,
): Target[] => {
  if (social.length === 0) return []
  const sorted = [...social].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  // From the first setting's month, or the business's start when that is later.
  const first = maxDay(sorted[0]!.date, businessStartDate ?? sorted[0]!.date).slice(0, 7)
  const months = []
  for (let m = first; m <= `${throughYear}-12`; m = addMonthsToMonth(m, 1))
    months.push({ month: m, companyRevenue: 0n, companyCosts: 0n, outputVat: 0n, inputVat: 0n })
  if (months.length === 0) return []
  const run = computeTaxes({
    months,
    vat: [],
    pit: [],
    socialSecurity: sorted,
    company: { businessStartDate, vatRegistrationDate: null },
    contributionsPaidOn,
  })
  const out: Target[] = []
  for (const c of run.contributions) {
    if (!c.configured || c.labourFund <= 0n) continue
    const [y, mo] = c.month.split('-') as [string, string]
    out.push({
      key: `labourFund:${c.month}`,
      // The month the contributions concern, as an index that an earlier setting does not move.
      source: { itemId: LABOUR_FUND, index: Number(y) * 12 + Number(mo) - 1, dataType: 'Expense' },
      month: c.paidOn.slice(0, 7),
      date: c.paidOn,
      cells: { K13: c.labourFund },
      documentNumber: `DRA ${mo}/${y}`,
      ksefNumber: null,
      counterparty: null,
      description: describeGenerated({ kind: 'labourFund', month: c.month }),
    })
  }
  return out
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
    else if (!r.deleted && r.dataType === 'Vat')
      h.push({ type: 'SettingAdded', data: { id: r.id, kind: 'Vat', data: r.data } } as LedgerEvent)
  for (const r of state.records.values())
    if (!r.deleted && ITEM_TYPES.has(r.dataType))
      h.push({ type: 'ItemAdded', data: { id: r.id, dataType: r.dataType, data: r.data } } as LedgerEvent)
  for (const e of assetEventsOf(state.assets)) h.push(e)
  for (const r of state.records.values())
    if (!r.deleted && r.dataType === 'SocialSecurity')
      h.push({ type: 'SettingAdded', data: { id: r.id, kind: 'SocialSecurity', data: r.data } } as LedgerEvent)
    else if (!r.deleted && r.dataType === 'Primary')
      h.push({ type: 'CompanyRecordSaved', data: { id: r.id, dataType: 'Primary', data: r.data } } as LedgerEvent)
  // The days the contributions were paid, as the engine reads them from the ZUS rows' flags.
  for (const [month, paidOn] of contributionPayments(state.flags).map)
    h.push({
      type: 'TransactionCompletedSet',
      data: { id: taxObligationId('SocialSecurity', month, month), completed: true, amount: null, paidOn },
    })
  return h.book(year)
}
