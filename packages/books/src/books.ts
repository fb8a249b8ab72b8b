/**
 * Loading a user's books: read `books-{userId}`, upcast and fold every event into `BooksState`, and keep the folded
 * state cached per user by stream revision, so a read of unchanged books costs one revision check and a read after
 * another process appended folds only the new events. Commands (`commands/`) decide and append on this state and
 * put the state they produced back into the cache; views (`views/`) are memoised per state, that is per revision.
 *
 * Shared by the API, the CLI and the reminder job; the cache is per store instance.
 */
import type { EventStore, StoredEvent } from '@finance/event-store'
import { booksFolder, type BooksState, initialBooks, type LedgerEvent, upcast } from '@finance/ledger-core/light'
// The fold's own light modules: loading books needs no Schema library (the CLI's reports start in a fraction of the
// time without it); the decider, which validates commands with it, loads on the first command.

export const booksStream = (userId: string) => `books-${userId}`

export interface LoadedBooks {
  readonly state: BooksState
  /** Revision of the last event folded, null when the stream does not exist yet. */
  readonly revision: bigint | null
}

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
export function withUserLock<T>(store: EventStore, userId: string, task: () => Promise<T>): Promise<T> {
  let m = locks.get(store)
  if (!m) {
    m = new Map()
    locks.set(store, m)
  }
  const key = userId
  waiting.set(key, (waiting.get(key) ?? 0) + 1)
  const previous = m.get(userId) ?? Promise.resolve()
  const run = previous.then(task, task)
  const settled = run.catch(() => undefined)
  m.set(userId, settled)
  void settled.then(() => {
    const left = (waiting.get(key) ?? 1) - 1
    if (left === 0) waiting.delete(key)
    else waiting.set(key, left)
    if (m.get(userId) === settled) m.delete(userId)
  })
  return run
}

/** When this process last found another process's events in a user's books (a hint for the write path). */
const othersWrote = new Map<string, number>()

/** Whether another process wrote this user's books within the last second (seen by a load of this process). */
export const othersWriting = (userId: string): boolean => (othersWrote.get(userId) ?? 0) > Date.now() - 1000

/** Tasks queued or running per user in this process (across stores: a hint, not a lock). */
const waiting = new Map<string, number>()

/** How many tasks for `userId` are queued behind the running one in this process. */
export const queuedBehind = (userId: string): number => Math.max(0, (waiting.get(userId) ?? 0) - 1)

const toLedger = (e: StoredEvent): LedgerEvent => upcast(e.type, e.schemaVersion, e.data)

/** Folds events after the cached revision (or from the start), so an unchanged stream costs one revision query. */
export async function loadBooks(store: EventStore, userId: string): Promise<LoadedBooks> {
  const cache = cacheOf(store)
  const stream = booksStream(userId)
  const cached = cache.get(userId)
  const head = await store.streamRevision(stream)
  if (cached && cached.revision === head) return cached
  // Our own appends keep the cache current: events we did not fold were written by another process.
  if (cached) othersWrote.set(userId, Date.now())
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

/** Puts the state a command produced into the cache (its revision is the one its append answered). */
export function cacheBooks(store: EventStore, userId: string, loaded: LoadedBooks): void {
  const cache = cacheOf(store)
  const cached = cache.get(userId)
  // Another load may have folded further meanwhile (a read outside the user's lock): keep the newer state.
  if (cached && cached.revision !== null && loaded.revision !== null && cached.revision > loaded.revision) return
  cache.set(userId, loaded)
}
