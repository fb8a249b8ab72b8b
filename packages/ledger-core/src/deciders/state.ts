/**
 * The books state: everything `decide` needs and every projection reads, folded from one user's events.
 * Immutable data: persistent maps (`CowMap`, read through the `ReadonlyMap` interface, iterated bucket by bucket)
 * of objects never changed once a state is exposed; money stays as the events' decimal strings and is parsed lazily
 * by the projections, so folding is cheap.
 */
import type { DataObjects, DataType, ManualTransaction } from '../schemas/records.ts'
import type { GeneratedRow } from '../schemas/transaction.ts'
import { CowMap } from './cowMap.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'

export type RecordVerb = 'add' | 'update' | 'delete'

/** A company record, a setting or an item. */
export interface RecordState<T extends DataType = DataType> {
  readonly id: number
  readonly dataType: T
  readonly data: DataObjects[T]
  readonly deleted: boolean
  /** The last change applied (drives the SPEC's `eventType` label). */
  readonly verb: RecordVerb
  /**
   * 1 when the record is created, one more with every change (update, delete): what a client read, so a write can
   * say which version it changes (optimistic concurrency per record; the API's ETag).
   */
  readonly version: number
}

/** A transaction row: a generated row of a recorded month, or a manual transaction. */
export interface TransactionState {
  readonly id: number
  readonly month: YearMonthString
  readonly manual: boolean
  /** The recorded row (for manual transactions, the row built from the manual data). */
  readonly row: GeneratedRow | null
  readonly manualData: ManualTransaction | null
  readonly completed: boolean
  readonly notification: boolean
  readonly notificationCompleted: boolean
  readonly deleted: boolean
}

export interface GeneratedMonthState {
  readonly month: YearMonthString
  readonly generatedOn: LocalDateString
  /** Ids of the rows, in display order. */
  readonly ids: readonly number[]
}

export interface BooksState {
  /** The next id to allocate (one counter for all records and transactions of a user, from 1). */
  readonly nextId: number
  /** Company records, settings and items by id (deleted ones kept, flagged). */
  readonly records: ReadonlyMap<number, RecordState>
  /** Generated months by `yyyy-mm`. */
  readonly months: ReadonlyMap<YearMonthString, GeneratedMonthState>
  /** Transactions (generated rows and manual ones) by id. */
  readonly transactions: ReadonlyMap<number, TransactionState>
  /** Number of events folded (for diagnostics and `diffBooks`). */
  readonly eventCount: number
}

export const initialBooks: BooksState = Object.freeze({
  nextId: 1,
  records: CowMap.empty<number, RecordState>(),
  months: CowMap.empty<YearMonthString, GeneratedMonthState>(),
  transactions: CowMap.empty<number, TransactionState>(),
  eventCount: 0,
})
