/**
 * The tax books of a user (`BookHistory` of the core): the user's events folded with the moment each was recorded
 * (`metadata.createdAt`), which decides what a closed month holds and what became a correction. Kept per user and
 * store, and caught up with the events appended since (by stream revision), one load at a time per user.
 *
 * Shared by the API and the CLI.
 */
import type { EventStore } from '@finance/event-store'
import { BookHistory, upcast } from '@finance/ledger-core/light'
import { booksStream } from './books.ts'
import { mapOf } from './perStore.ts'

interface Cached {
  readonly history: BookHistory
  revision: bigint | null
}

const caches = new WeakMap<EventStore, Map<string, Cached>>()
const loads = new WeakMap<EventStore, Map<string, Promise<BookHistory>>>()

const PAGE = 5000

async function catchUp(store: EventStore, userId: string): Promise<BookHistory> {
  const cache = mapOf(caches, store)
  const head = await store.streamRevision(booksStream(userId))
  let entry = cache.get(userId)
  // A stream that shrank (an operator rewrote the store) is folded again from the start.
  if (!entry || (entry.revision !== null && (head === null || head < entry.revision))) {
    entry = { history: new BookHistory(), revision: null }
    cache.set(userId, entry)
  }
  if (head === null || entry.revision === head) return entry.history
  for (;;) {
    const from = entry.revision === null ? 0n : entry.revision + 1n
    const page = await store.readStream(booksStream(userId), { fromRevision: from, maxCount: PAGE })
    for (const e of page) {
      entry.history.push(upcast(e.type, e.schemaVersion, e.data), e.metadata.createdAt)
      entry.revision = e.revision
    }
    if (page.length < PAGE) break
  }
  return entry.history
}

/** The user's book history, up to date with the stream; concurrent calls for one user share one catch-up. */
export function loadBookHistory(store: EventStore, userId: string): Promise<BookHistory> {
  const inFlight = mapOf(loads, store)
  const running = inFlight.get(userId)
  const next = (running ?? Promise.resolve()).then(
    () => catchUp(store, userId),
    () => catchUp(store, userId),
  )
  inFlight.set(userId, next)
  void next
    .finally(() => {
      if (inFlight.get(userId) === next) inFlight.delete(userId)
    })
    .catch(() => undefined)
  return next
}

/** Drops the cached book history of one user (or all). */
export function forgetBookHistory(store: EventStore, userId?: string): void {
  if (userId === undefined) caches.delete(store)
  else mapOf(caches, store).delete(userId)
}
