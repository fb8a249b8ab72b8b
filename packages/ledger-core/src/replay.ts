/**
 * Audit replay: the books exactly as they were at a moment, from stored events (any schema version), and the
 * difference between two states (for `finance diff`).
 */
import type { BooksState, RecordState, TransactionFlagsState } from './model/state.ts'
import { monthOfIdentity, parseTransactionId, type TransactionId } from './identity.ts'
import { booksFolder } from './model/evolve.ts'
import { initialBooks } from './model/state.ts'
import { canonicalJson } from './deciders/books.ts'
import type { LedgerEvent } from './events.ts'
import { CURRENT_VERSIONS, isLedgerEventType, upcast } from './upcast.ts'

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
      /** The transaction's identity, or a manual row's id. */
      readonly id: TransactionId
      readonly month: string
      /** `added` / `deleted`: a manual row; `deleted` also a generated row the user hid; `flags`: the user's flags. */
      readonly change: 'added' | 'removed' | 'deleted' | 'flags'
      readonly before: FlagValues | null
      readonly after: FlagValues | null
    }

type FlagValues = Pick<TransactionFlagsState, 'completed' | 'notification' | 'notificationCompleted' | 'paidAmount'>

export interface BooksDiff {
  readonly eventsBetween: number
  readonly nextId: { readonly before: number; readonly after: number }
  readonly changes: readonly BooksChange[]
}

const NO_FLAGS: FlagValues = { completed: false, notification: false, notificationCompleted: false, paidAmount: null }

const flagValues = (t: TransactionFlagsState | undefined): FlagValues =>
  t === undefined
    ? NO_FLAGS
    : {
        completed: t.completed,
        notification: t.notification,
        notificationCompleted: t.notificationCompleted || t.remainderReminded,
        paidAmount: t.paidAmount,
      }

/** The dashboard month of a flagged transaction (a tax period's is the month after it, when it falls due). */
const monthOfFlags = (s: BooksState, id: TransactionId): string => {
  const p = parseTransactionId(id)
  if (p?.kind === 'number') return s.manual.get(p.id)?.month ?? ''
  return p === null ? '' : (monthOfIdentity(p) ?? '')
}

/**
 * What changed from `before` to `after`: records, months recorded by the frozen-month model, manual rows and the
 * user's transaction flags, by id.
 */
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
  const months = new Set([...before.legacyMonths.keys(), ...after.legacyMonths.keys()])
  for (const month of [...months].sort()) {
    const a = before.legacyMonths.get(month)
    const b = after.legacyMonths.get(month)
    if (a === b) continue
    if (!a) changes.push({ kind: 'month', month, change: 'generated' })
    else if (!b) changes.push({ kind: 'month', month, change: 'reset' })
    else if (canonicalJson(a.ids) !== canonicalJson(b.ids))
      changes.push({ kind: 'month', month, change: 'regenerated' })
  }
  const manualIds = new Set<number>([...before.manual.keys(), ...after.manual.keys()])
  for (const id of [...manualIds].sort((x, y) => x - y)) {
    const a = before.manual.get(id)
    const b = after.manual.get(id)
    if (a === b || !b) continue
    const base = { kind: 'transaction', id: String(id), month: b.month } as const
    if (!a) changes.push({ ...base, change: 'added', before: null, after: flagValues(after.flags.get(String(id))) })
    else if (!a.deleted && b.deleted)
      changes.push({ ...base, change: 'deleted', before: flagValues(before.flags.get(String(id))), after: null })
  }
  const keys = new Set<TransactionId>([...before.flags.keys(), ...after.flags.keys()])
  for (const id of [...keys].sort()) {
    const a = before.flags.get(id)
    const b = after.flags.get(id)
    if (a === b) continue
    const month = monthOfFlags(after, id)
    if (!a?.hidden && b?.hidden) {
      changes.push({ kind: 'transaction', id, month, change: 'deleted', before: flagValues(a), after: null })
      continue
    }
    const x = flagValues(a)
    const y = flagValues(b)
    if (a?.hidden && !b?.hidden) changes.push({ kind: 'transaction', id, month, change: 'added', before: x, after: y })
    else if (canonicalJson(x) !== canonicalJson(y))
      changes.push({ kind: 'transaction', id, month, change: 'flags', before: x, after: y })
  }
  return {
    eventsBetween: after.eventCount - before.eventCount,
    nextId: { before: before.nextId, after: after.nextId },
    changes,
  }
}
