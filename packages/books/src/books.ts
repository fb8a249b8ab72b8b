/**
 * Loading a user's books: read `books-{userId}`, upcast and fold every event into `BooksState`, and keep the folded
 * state cached per user by stream revision, so a read of unchanged books costs one revision check and a read after
 * another process appended folds only the new events. Commands (`commands/`) decide and append on this state and
 * put the state they produced back into the cache; views (`views/`) are memoised per state, that is per revision.
 *
 * Shared by the API, the CLI and the reminder job; the cache is per store instance.
 */
import type { EventStore, StoredEvent } from '@finance/event-store'
import {
  booksFolder,
  type BooksState,
  derive,
  foldBooks,
  initialBooks,
  type LedgerEvent,
  upcast,
} from '@finance/ledger-core/light'
import { mapOf } from './perStore.ts'
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

const cacheOf = (store: EventStore) => mapOf(caches, store)

/** Runs `task` after every earlier task for the same user in this process (no self-inflicted conflicts). */
export function withUserLock<T>(store: EventStore, userId: string, task: () => Promise<T>): Promise<T> {
  const m = mapOf(locks, store)
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

/** Lets the I/O and the timers that are due run (other users' requests) before going on. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The books after many events (a bulk import, or a catch-up with another process's), folded and derived a step of
 * `DERIVE_STEP` events at a time with other users' requests run between the steps: each step's derivation is updated
 * from the one before for its changes only (ledger-core `derive`), so the first view after the write finds the books
 * derived and pays only the tax engine from the first changed month. The same books as one fold of every event.
 */
export const foldInSteps = async (
  events: readonly LedgerEvent[] | AsyncIterable<readonly LedgerEvent[]>,
  state: BooksState,
): Promise<BooksState> => {
  let s = state
  for await (const step of 'length' in events ? slices(events, DERIVE_STEP) : events) {
    s = foldBooks(step, s)
    derive(s, DERIVE_STEP)
    await yieldToLoop()
  }
  return s
}

function* slices<T>(xs: readonly T[], size: number): Generator<readonly T[]> {
  for (let i = 0; i < xs.length; i += size) yield xs.slice(i, i + size)
}

/**
 * Events of a bulk write folded and derived between two turns of the event loop. A step's update costs the events it
 * adds (each month's figures updated by its new occurrences, ledger-core `projections/derived.ts`) and a part per
 * step (the books' maps copied, the step's records compared): 500 events take 4-7 ms of CPU on books of 10 years,
 * an import spread over 12 months, no longer growing with the months' size. Steps of 250 were measured too: no
 * shorter longest hold of the loop (a step is no longer the longest: a planning step, another user's read and a
 * young-generation collection in one turn are) for some 40 % more CPU in the derivation, so the steps stay at 500.
 */
export const DERIVE_STEP = 500

/** Catch-ups in this process per user, so a load that arrives while one runs waits for it instead of repeating it. */
const catchUps = new WeakMap<EventStore, Map<string, Promise<LoadedBooks>>>()

/**
 * Folds events after the cached revision (or from the start), so an unchanged stream costs one revision query.
 * When another process appended more than `DERIVE_STEP` events since the cached state (its bulk import), they are
 * folded and derived in steps with other users' requests run between them, as the writing process did
 * (`foldInSteps`), instead of one fold and a derivation of all of them by the first view.
 */
export async function loadBooks(store: EventStore, userId: string): Promise<LoadedBooks> {
  const cache = cacheOf(store)
  const stream = booksStream(userId)
  const cached = cache.get(userId)
  const head = await store.streamRevision(stream)
  if (cached && cached.revision === head) return cached
  // Our own appends keep the cache current: events we did not fold were written by another process.
  if (cached) othersWrote.set(userId, Date.now())
  if (cached && cached.revision !== null && head !== null && head - cached.revision > BigInt(DERIVE_STEP))
    return catchUpInSteps(store, userId, cached)
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

/** `loadBooks` after many events of another process: read from the cached revision, folded in steps. */
function catchUpInSteps(store: EventStore, userId: string, cached: LoadedBooks): Promise<LoadedBooks> {
  const running = mapOf(catchUps, store)
  const inFlight = running.get(userId)
  // One catch-up at a time per user; what was appended meanwhile is folded by a load after it.
  if (inFlight) return inFlight.then(() => loadBooks(store, userId))
  let revision = cached.revision!
  // A step's events read, folded and derived in one turn of the event loop: reading them all first would hold it.
  async function* steps(): AsyncGenerator<readonly LedgerEvent[]> {
    for (;;) {
      const page = await store.readStream(booksStream(userId), { fromRevision: revision + 1n, maxCount: DERIVE_STEP })
      if (page.length === 0) return
      revision = page[page.length - 1]!.revision
      yield page.map(toLedger)
      if (page.length < DERIVE_STEP) return
    }
  }
  const catchUp = (async () => {
    const state = await foldInSteps(steps(), cached.state)
    // `revision` is the last one `steps` read, now that they are all folded.
    const loaded: LoadedBooks = { state, revision }
    cacheBooks(store, userId, loaded)
    return cacheOf(store).get(userId) ?? loaded
  })()
  running.set(userId, catchUp)
  const done = () => {
    if (running.get(userId) === catchUp) running.delete(userId)
  }
  catchUp.then(done, done)
  return catchUp
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
