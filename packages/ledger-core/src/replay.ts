/**
 * Audit replay: the books exactly as they were at a moment, from stored events (any schema version), and the
 * difference between two states (for `finance diff`).
 */
import type { BooksState, RecordState, TransactionState } from './deciders/state.ts'
import { booksFolder } from './deciders/evolve.ts'
import { initialBooks } from './deciders/state.ts'
import { canonicalJson } from './deciders/books.ts'
import { CURRENT_VERSIONS, isLedgerEventType, type LedgerEvent, upcast } from './events.ts'

export interface ReplayableEvent {
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata?: { readonly createdAt?: string } | undefined
}

export interface ReplayOptions {
  /**
   * Stop before the first event created after this moment: an ISO timestamp, or a date `yyyy-mm-dd` meaning the
   * end of that day (UTC). Events must come in stream order.
   */
  readonly asOf?: string
  /** Start from these books instead of empty ones (replay in chunks). */
  readonly from?: BooksState
}

const endOfDay = (asOf: string) => (/^\d{4}-\d{2}-\d{2}$/.test(asOf) ? `${asOf}T23:59:59.999Z` : asOf)

/** Comparable instant of an ISO timestamp (ms), `NaN` when unparsable. */
const instant = (iso: string) => Date.parse(iso)

/**
 * Upcasts and folds stored events. With `asOf`, stops at the first event whose `metadata.createdAt` is later.
 * @throws UnknownEventError for events of unknown type or version.
 */
export const replay = (events: Iterable<ReplayableEvent>, options: ReplayOptions = {}): BooksState => {
  const folder = booksFolder(options.from ?? initialBooks)
  const limit = options.asOf === undefined ? null : instant(endOfDay(options.asOf))
  if (limit !== null && Number.isNaN(limit)) throw new RangeError(`asOf is not a date or timestamp: ${options.asOf}`)
  for (const e of events) {
    if (limit !== null) {
      const at = e.metadata?.createdAt
      if (at !== undefined && instant(at) > limit) break
    }
    // A stored event of the current version already has the in-memory shape `{ type, data }`: no copy.
    if (isLedgerEventType(e.type) && CURRENT_VERSIONS[e.type] === e.schemaVersion)
      folder.push(e as unknown as LedgerEvent)
    else folder.push(upcast(e.type, e.schemaVersion, e.data))
  }
  return folder.state()
}

export type BooksChange =
  | {
      readonly kind: 'record'
      readonly id: number
      readonly dataType: string
      readonly change: 'added' | 'updated' | 'deleted' | 'restored'
      readonly before: unknown
      readonly after: unknown
    }
  | { readonly kind: 'month'; readonly month: string; readonly change: 'generated' | 'reset' | 'regenerated' }
  | {
      readonly kind: 'transaction'
      readonly id: number
      readonly month: string
      readonly change: 'added' | 'removed' | 'deleted' | 'flags'
      readonly before: Pick<TransactionState, 'completed' | 'notification' | 'notificationCompleted'> | null
      readonly after: Pick<TransactionState, 'completed' | 'notification' | 'notificationCompleted'> | null
    }

export interface BooksDiff {
  readonly eventsBetween: number
  readonly nextId: { readonly before: number; readonly after: number }
  readonly changes: readonly BooksChange[]
}

const flags = (t: TransactionState) => ({
  completed: t.completed,
  notification: t.notification,
  notificationCompleted: t.notificationCompleted,
})

/** What changed from `before` to `after`: records, generated months and transaction rows/flags, by id. */
export const diffBooks = (before: BooksState, after: BooksState): BooksDiff => {
  const changes: BooksChange[] = []
  const ids = new Set<number>([...before.records.keys(), ...after.records.keys()])
  for (const id of [...ids].sort((a, b) => a - b)) {
    const a: RecordState | undefined = before.records.get(id)
    const b: RecordState | undefined = after.records.get(id)
    if (a === b) continue
    const aLive = a !== undefined && !a.deleted
    const bLive = b !== undefined && !b.deleted
    const dataType = (b ?? a)!.dataType
    if (!aLive && bLive)
      changes.push({ kind: 'record', id, dataType, change: a ? 'restored' : 'added', before: null, after: b.data })
    else if (aLive && !bLive)
      changes.push({ kind: 'record', id, dataType, change: 'deleted', before: a.data, after: null })
    else if (aLive && bLive && canonicalJson(a.data) !== canonicalJson(b.data))
      changes.push({ kind: 'record', id, dataType, change: 'updated', before: a.data, after: b.data })
  }
  const months = new Set([...before.months.keys(), ...after.months.keys()])
  for (const month of [...months].sort()) {
    const a = before.months.get(month)
    const b = after.months.get(month)
    if (a === b) continue
    if (!a) changes.push({ kind: 'month', month, change: 'generated' })
    else if (!b) changes.push({ kind: 'month', month, change: 'reset' })
    else if (canonicalJson(a.ids) !== canonicalJson(b.ids))
      changes.push({ kind: 'month', month, change: 'regenerated' })
  }
  const txIds = new Set([...before.transactions.keys(), ...after.transactions.keys()])
  for (const id of [...txIds].sort((x, y) => x - y)) {
    const a = before.transactions.get(id)
    const b = after.transactions.get(id)
    if (a === b) continue
    const month = (b ?? a)!.month
    if (!a) changes.push({ kind: 'transaction', id, month, change: 'added', before: null, after: flags(b!) })
    else if (!b) changes.push({ kind: 'transaction', id, month, change: 'removed', before: flags(a), after: null })
    else if (!a.deleted && b.deleted)
      changes.push({ kind: 'transaction', id, month, change: 'deleted', before: flags(a), after: null })
    else if (canonicalJson(flags(a)) !== canonicalJson(flags(b)))
      changes.push({ kind: 'transaction', id, month, change: 'flags', before: flags(a), after: flags(b) })
  }
  return {
    eventsBetween: after.eventCount - before.eventCount,
    nextId: { before: before.nextId, after: after.nextId },
    changes,
  }
}
