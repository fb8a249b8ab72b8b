/**
 * The glue between a user's books stream and the core: read `books-{userId}`, upcast and fold every event into
 * `BooksState`, decide a command, append the resulting events with the revision that was read (optimistic
 * concurrency), and keep the folded state cached per user by stream revision so reads cost one revision check.
 *
 * Shared by the API and the CLI; the cache is per store instance.
 */
import { randomUUID } from 'node:crypto'
import { type EventStore, type Json, type StoredEvent, WrongExpectedVersion } from '@finance/event-store'
import {
  booksFolder,
  type BooksState,
  type DomainError,
  foldBooks,
  initialBooks,
  isDomainError,
  type LedgerCommand,
  type LedgerEvent,
  upcast,
} from '@finance/ledger-core/light'
// The fold's own light modules: loading books needs no Schema library (the CLI's reports start in a fraction of the
// time without it); the decider, which validates commands with it, loads on the first command.

export const booksStream = (userId: string) => `books-${userId}`

export interface LoadedBooks {
  readonly state: BooksState
  /** Revision of the last event folded, null when the stream does not exist yet. */
  readonly revision: bigint | null
}

export interface ExecuteMeta {
  /** Who acts (metadata.userId); defaults to the books owner. `system` for jobs, `cli` for operator commands. */
  readonly actor?: string
  readonly correlationId?: string
  /** Clock for metadata.createdAt; defaults to the command's `at`. */
  readonly now?: () => Date
}

export interface Executed {
  readonly events: readonly LedgerEvent[]
  readonly state: BooksState
  readonly revision: bigint | null
}

/** A stale write that was not retried: the caller answers 409. */
export class BooksConflict extends Error {
  override readonly name = 'BooksConflict'
  readonly userId: string
  constructor(userId: string) {
    super(`Concurrent change of the books of ${userId}`)
    this.userId = userId
  }
}

/**
 * Commands retried after a concurrent append: those that compute the same events from the same inputs, and record
 * writes, whose decision is made again on the fresh books (a write naming a version fails there if that record
 * changed; one naming none is unconditional by contract), so an append to another record is no conflict.
 */
const RETRYABLE = new Set<string>([
  'ResetMonth',
  'ResetYear',
  'RecordReminderSent',
  'AcceptFromEmail',
  'SetTransactionFlags',
  'SaveCompanyRecord',
  'DeleteCompanyRecord',
  'AddSetting',
  'UpdateSetting',
  'DeleteSetting',
  'AddItem',
  'UpdateItem',
  'DeleteItem',
  'ImportDocuments',
])

const caches = new WeakMap<EventStore, Map<string, LoadedBooks>>()
const locks = new WeakMap<EventStore, Map<string, Promise<unknown>>>()

const cacheOf = (store: EventStore) => {
  let c = caches.get(store)
  if (!c) {
    c = new Map()
    caches.set(store, c)
  }
  return c
}

/** Runs `task` after every earlier task for the same user in this process (no self-inflicted conflicts). */
function withUserLock<T>(store: EventStore, userId: string, task: () => Promise<T>): Promise<T> {
  let m = locks.get(store)
  if (!m) {
    m = new Map()
    locks.set(store, m)
  }
  const previous = m.get(userId) ?? Promise.resolve()
  const run = previous.then(task, task)
  const settled = run.catch(() => undefined)
  m.set(userId, settled)
  void settled.then(() => {
    if (m.get(userId) === settled) m.delete(userId)
  })
  return run
}

const toLedger = (e: StoredEvent): LedgerEvent => upcast(e.type, e.schemaVersion, e.data)

let decider: Promise<typeof import('@finance/ledger-core')> | undefined
const loadDecider = () => {
  decider ??= import('@finance/ledger-core')
  return decider
}

/** Folds events after the cached revision (or from the start), so an unchanged stream costs one revision query. */
export async function loadBooks(store: EventStore, userId: string): Promise<LoadedBooks> {
  const cache = cacheOf(store)
  const stream = booksStream(userId)
  const cached = cache.get(userId)
  const head = await store.streamRevision(stream)
  if (cached && cached.revision === head) return cached
  const start =
    cached && cached.revision !== null && head !== null && cached.revision < head ? cached.state : initialBooks
  let revision = start === initialBooks ? null : cached!.revision
  // One mutable draft for the whole catch-up: `evolve` per event would freeze a new state each time.
  const folder = booksFolder(start)
  if (head !== null) {
    for (;;) {
      const from = revision === null ? 0n : revision + 1n
      const page = await store.readStream(stream, { fromRevision: from, maxCount: 5000 })
      for (const e of page) {
        folder.push(toLedger(e))
        revision = e.revision
      }
      if (page.length < 5000) break
    }
  }
  const loaded: LoadedBooks = { state: folder.state(), revision }
  cache.set(userId, loaded)
  return loaded
}

/** Drops the cached state of one user (or all), e.g. after an operator rewrote the store. */
export function forgetBooks(store: EventStore, userId?: string): void {
  if (userId === undefined) caches.delete(store)
  else cacheOf(store).delete(userId)
}

/**
 * Decides `command` against the user's current books and appends the events. Returns the domain error unchanged
 * (nothing written) or the new events and state. A concurrent append by another process is retried once for
 * idempotent commands; otherwise it throws `BooksConflict`.
 */
export function executeBooks(
  store: EventStore,
  userId: string,
  command: LedgerCommand,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> {
  return withUserLock(store, userId, async () => {
    const attempt = async (): Promise<Executed | DomainError> => {
      const { decide, serializeEvent } = await loadDecider()
      const { state, revision } = await loadBooks(store, userId)
      const decided = decide(command, state)
      if (isDomainError(decided)) return decided
      if (decided.length === 0) return { events: [], state, revision }
      const createdAt = meta.now ? meta.now().toISOString() : command.at
      const correlationId = meta.correlationId ?? randomUUID()
      const metadata = { userId: meta.actor ?? command.userId, correlationId, createdAt }
      const result = await store.append(
        booksStream(userId),
        decided.map((e) => ({ ...serializeEvent(e), data: serializeEvent(e).data as Json, metadata })),
        revision ?? 'no_stream',
      )
      const loaded: LoadedBooks = { state: foldBooks(decided, state), revision: result.nextExpectedRevision }
      cacheOf(store).set(userId, loaded)
      return { events: decided, ...loaded }
    }
    try {
      return await attempt()
    } catch (err) {
      if (!(err instanceof WrongExpectedVersion)) throw err
      if (!RETRYABLE.has(command.type)) throw new BooksConflict(userId)
      try {
        return await attempt()
      } catch (again) {
        if (again instanceof WrongExpectedVersion) throw new BooksConflict(userId)
        throw again
      }
    }
  })
}
