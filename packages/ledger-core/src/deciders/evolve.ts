/**
 * `evolve` and `foldBooks`. The state's maps are persistent (`CowMap`); the fold mutates a private draft of them
 * (each bucket copied at most once from the starting state) and exposes the result as an immutable `BooksState`. Record and transaction objects inherited from an earlier state
 * are never mutated, only replaced (states share them safely); objects the draft created itself and nobody has seen
 * yet are updated in place, so a run of updates of one record or flag costs no allocation. One event costs a map
 * lookup and write: no decoding, no decimal arithmetic, no copying of the books.
 */
import type { LedgerEvent } from '../events.ts'
import type { DataType } from '../schemas/records.ts'
import { absurd, type YearMonthString } from '../types.ts'
import type { BooksState, GeneratedMonthState, RecordState, TransactionState } from './state.ts'
import { initialBooks } from './state.ts'
import { type CowDraft, CowMap } from './cowMap.ts'

interface Draft {
  nextId: number
  records: CowDraft<number, RecordState>
  months: CowDraft<YearMonthString, GeneratedMonthState>
  transactions: CowDraft<number, TransactionState>
  eventCount: number
  /** Ids whose record object this draft created (safe to update in place until the draft is frozen). */
  ownRecords: Set<number>
  /** Ids whose transaction object this draft created. */
  ownTransactions: Set<number>
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const draftOf = (s: BooksState): Draft => ({
  nextId: s.nextId,
  records: cow(s.records).draft(),
  months: cow(s.months).draft(),
  transactions: cow(s.transactions).draft(),
  eventCount: s.eventCount,
  ownRecords: new Set(),
  ownTransactions: new Set(),
})

const cow = <K, V>(m: ReadonlyMap<K, V>): CowMap<K, V> => (m instanceof CowMap ? m : CowMap.from(m))

/** The immutable state of the draft; the draft stays usable (it copies again what it changes next). */
const freeze = (d: Draft): BooksState => {
  d.ownRecords.clear()
  d.ownTransactions.clear()
  return {
    nextId: d.nextId,
    records: d.records.freeze(),
    months: d.months.freeze(),
    transactions: d.transactions.freeze(),
    eventCount: d.eventCount,
  }
}

const seeId = (d: Draft, id: number) => {
  if (id >= d.nextId) d.nextId = id + 1
}

const saveRecord = (d: Draft, id: number, dataType: DataType, data: unknown) => {
  const before = d.records.get(id)
  if (before && d.ownRecords.has(id)) {
    const m = before as Mutable<RecordState>
    m.verb = before.deleted ? 'add' : 'update'
    m.dataType = dataType
    m.data = data as RecordState['data']
    m.deleted = false
    m.version++
    return
  }
  d.ownRecords.add(id)
  d.records.set(id, {
    id,
    dataType,
    data: data as RecordState['data'],
    deleted: false,
    verb: before && !before.deleted ? 'update' : 'add',
    version: (before?.version ?? 0) + 1,
  })
  seeId(d, id)
}

const deleteRecord = (d: Draft, id: number) => {
  const before = d.records.get(id)
  if (!before) return
  if (d.ownRecords.has(id)) {
    const m = before as Mutable<RecordState>
    m.deleted = true
    m.verb = 'delete'
    m.version++
    return
  }
  d.ownRecords.add(id)
  d.records.set(id, {
    id,
    dataType: before.dataType,
    data: before.data,
    deleted: true,
    verb: 'delete',
    version: before.version + 1,
  })
}

/** Replaces a transaction's flags (explicit construction: keeps one hidden class, no spread per event). */
const setFlags = (
  d: Draft,
  id: number,
  completed: boolean | null,
  notification: boolean | null,
  notificationCompleted: boolean | null,
  deleted: boolean | null,
) => {
  const b = d.transactions.get(id)
  if (!b) return
  if (d.ownTransactions.has(id)) {
    const m = b as Mutable<TransactionState>
    if (completed !== null) m.completed = completed
    if (notification !== null) m.notification = notification
    if (notificationCompleted !== null) m.notificationCompleted = notificationCompleted
    if (deleted !== null) m.deleted = deleted
    return
  }
  d.ownTransactions.add(id)
  d.transactions.set(id, {
    id: b.id,
    month: b.month,
    manual: b.manual,
    row: b.row,
    manualData: b.manualData,
    completed: completed ?? b.completed,
    notification: notification ?? b.notification,
    notificationCompleted: notificationCompleted ?? b.notificationCompleted,
    deleted: deleted ?? b.deleted,
  })
}

const dropMonth = (d: Draft, month: YearMonthString) => {
  const m = d.months.get(month)
  if (!m) return
  for (const id of m.ids) d.transactions.delete(id)
  d.months.delete(month)
}

/** Applies one event to the draft in place. */
const apply = (d: Draft, e: LedgerEvent) => {
  d.eventCount++
  switch (e.type) {
    case 'CompanyRecordSaved':
      return saveRecord(d, e.data.id, e.data.dataType, e.data.data)
    case 'SettingAdded':
    case 'SettingUpdated':
      return saveRecord(d, e.data.id, e.data.kind, e.data.data)
    case 'ItemAdded':
    case 'ItemUpdated':
      return saveRecord(d, e.data.id, e.data.dataType, e.data.data)
    case 'CompanyRecordDeleted':
    case 'SettingDeleted':
    case 'ItemDeleted':
      return deleteRecord(d, e.data.id)
    case 'MonthGenerated': {
      dropMonth(d, e.data.month)
      const ids: number[] = []
      for (const row of e.data.rows) {
        ids.push(row.id)
        seeId(d, row.id)
        d.ownTransactions.add(row.id)
        d.transactions.set(row.id, {
          id: row.id,
          month: e.data.month,
          manual: false,
          row,
          manualData: null,
          completed: false,
          notification: false,
          notificationCompleted: false,
          deleted: false,
        })
      }
      d.months.set(e.data.month, { month: e.data.month, generatedOn: e.data.generatedOn, ids })
      return
    }
    case 'ManualTransactionAdded':
      seeId(d, e.data.id)
      d.ownTransactions.add(e.data.id)
      d.transactions.set(e.data.id, {
        id: e.data.id,
        month: e.data.data.date.slice(0, 7),
        manual: true,
        row: null,
        manualData: e.data.data,
        completed: false,
        notification: false,
        notificationCompleted: false,
        deleted: false,
      })
      return
    case 'TransactionDeleted':
      return setFlags(d, e.data.id, null, null, null, true)
    case 'TransactionCompletedSet':
      return setFlags(d, e.data.id, e.data.completed, null, null, null)
    case 'TransactionNotificationSet':
      return setFlags(d, e.data.id, null, e.data.notification, null, null)
    case 'ReminderSent':
      return setFlags(d, e.data.id, null, null, true, null)
    case 'TransactionAcceptedFromEmail':
      return setFlags(d, e.data.id, true, null, null, null)
    case 'MonthReset':
      return dropMonth(d, e.data.month)
    case 'YearReset': {
      const prefix = `${String(e.data.year).padStart(4, '0')}-`
      for (const month of [...d.months.keys()]) if (month.startsWith(prefix)) dropMonth(d, month)
      return
    }
    default:
      absurd(e)
  }
}

/**
 * The state after one event. Copies only the touched buckets of the persistent maps (about 1/64 of a map), so it
 * is cheap even on large books; `foldBooks` is still faster for many events (each bucket is copied at most once).
 */
export const evolve = (state: BooksState, event: LedgerEvent): BooksState => {
  const d = draftOf(state)
  apply(d, event)
  return freeze(d)
}

/** Folds events into books, starting from `from` (default: empty books). `from` is never modified. */
export const foldBooks = (events: Iterable<LedgerEvent>, from: BooksState = initialBooks): BooksState => {
  const d = draftOf(from)
  for (const e of events) apply(d, e)
  return freeze(d)
}

/** A reusable folder for streaming input: feed events one by one, read the state at any time (cheap). */
export const booksFolder = (from: BooksState = initialBooks) => {
  const d = draftOf(from)
  let frozen: BooksState | null = null
  return {
    push(e: LedgerEvent) {
      frozen = null
      apply(d, e)
    },
    state(): BooksState {
      frozen ??= freeze(d)
      return frozen
    },
  }
}
