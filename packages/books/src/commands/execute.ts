/**
 * The write path: load a user's books once, decide, append the events with the revision read, and hand back the new
 * state (which the cache keeps, so the answer and the next read need no load). One load per command.
 *
 * A concurrent append by another process (another instance on the same store) moves the stream between our read
 * and our append: the append fails with `WrongExpectedVersion`, and the command is decided again on the fresh books,
 * a bounded number of times. That is safe for every command, because the decision is made again: a write naming a
 * record's version fails on the fresh books when that record changed (the user's own precondition, STALE_VERSION,
 * answered as it is), and one naming none is unconditional by contract. Only when every attempt lost the race does
 * the caller get `BooksConflict`.
 */
import { randomUUID } from 'node:crypto'
import { type EventStore, type Json, type NewEvent, WrongExpectedVersion } from '@finance/event-store'
import {
  type BooksState,
  type DomainError,
  foldBooks,
  isDomainError,
  type LedgerCommand,
  type LedgerEvent,
} from '@finance/ledger-core/light'
import {
  booksStream,
  cacheBooks,
  DERIVE_STEP,
  foldInSteps,
  loadBooks,
  othersWriting,
  queuedBehind,
  withUserLock,
  yieldToLoop,
} from '../books.ts'
import { mapOf } from '../perStore.ts'

export interface ExecuteMeta {
  /** Who acts (metadata.userId); defaults to the books owner. `system` for jobs, `cli` for operator commands. */
  readonly actor?: string
  readonly correlationId?: string
  /** Clock for metadata.createdAt; defaults to the command's `at`. */
  readonly now?: () => Date
}

export interface Executed {
  readonly events: readonly LedgerEvent[]
  /** The books after the events (what the cache now holds). */
  readonly state: BooksState
  readonly revision: bigint | null
  /** The books the decision was made on. */
  readonly before: BooksState
}

/** Every attempt lost the race against other writers of the same books: the caller answers 409. */
export class BooksConflict extends Error {
  override readonly name = 'BooksConflict'
  readonly userId: string
  constructor(userId: string) {
    super(`Concurrent change of the books of ${userId}`)
    this.userId = userId
  }
}

/**
 * How many times a command is decided before a lost race is reported (`BooksConflict`). A race is lost to a writer
 * that appended between our read and our append. Another instance working through a queue of commands for the same
 * user appends back to back, leaving no gap for ours: the pauses between attempts grow (below) until its queue is
 * done, so the bound is generous — an attempt costs a catch-up read of the new events and a decision.
 */
export const MAX_ATTEMPTS = 32

/**
 * A random pause before attempt `attempt + 1`: up to 1, 2, 4 … ms, at most 50 ms (about 1.3 s over every attempt).
 * Random, so two writers that retry at once fall out of step; growing, so a writer with a queue gets it done.
 */
const backOff = (attempt: number) => pause(Math.min(50, 2 ** (attempt - 1)))

/** A random pause of up to `ms`. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * ms))

let decider: Promise<typeof import('@finance/ledger-core')> | undefined
/** The decider validates with the Schema library: loaded on the first command, so the read paths stay light. */
const loadDecider = () => {
  decider ??= import('@finance/ledger-core')
  return decider
}

/** What a command becomes on the books it is decided on (a record write names its record's type only there). */
export type Plan = (state: BooksState) => LedgerCommand | DomainError

/** Counts of the write path, for tests: attempts made by commands, races lost, the most attempts one command took. */
export const commandCounters = { attempts: 0, conflicts: 0, mostAttempts: 0 }

/** Counts of the batched write path, for tests: appends made by commands, and commands they carried. */
export const batchCounters = { appends: 0, commands: 0 }

/** The most commands one append carries (their decisions run one after another on the main thread). */
const MAX_BATCH = 64

interface Pending {
  readonly plan: Plan
  readonly meta: ExecuteMeta
  readonly resolve: (r: Executed | DomainError) => void
  readonly reject: (err: unknown) => void
}

/** Commands waiting for their user's next batch, per store and user. */
const queues = new WeakMap<EventStore, Map<string, Pending[]>>()

const queueOf = (store: EventStore, userId: string): Pending[] => {
  const m = mapOf(queues, store)
  let q = m.get(userId)
  if (!q) {
    q = []
    m.set(userId, q)
  }
  return q
}

/**
 * Decides the command `plan` makes of the user's current books and appends its events. A domain error comes back
 * unchanged (nothing written); otherwise the events, the new state and the state decided on.
 *
 * Commands of one user that arrive while another is being written are written together (group commit): each is
 * decided on the books as the ones before it in the batch left them, exactly as one after another, and their events
 * go into one append, so a batch costs one durable commit (SQLite's fsync, PostgreSQL's commit) and one new books
 * state for the reads to derive, however many commands it carries. A command refused (domain error) writes nothing
 * and the others go on; a lost race decides the whole batch again.
 */
export function executePlan(
  store: EventStore,
  userId: string,
  plan: Plan,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> {
  return new Promise((resolve, reject) => {
    const queue = queueOf(store, userId)
    queue.push({ plan, meta, resolve, reject })
    // The first command of a batch waits for the I/O already received (setImmediate runs after the poll phase):
    // the commands of the other requests that came in meanwhile join its batch.
    if (queue.length === 1) setImmediate(() => void withUserLock(store, userId, () => drain(store, userId)))
  })
}

/** Writes the user's queued commands (up to `MAX_BATCH`; the rest in the next batch, under the lock again). */
async function drain(store: EventStore, userId: string): Promise<void> {
  const queue = queueOf(store, userId)
  const batch = queue.splice(0, MAX_BATCH)
  if (queue.length > 0) setImmediate(() => void withUserLock(store, userId, () => drain(store, userId)))
  if (queue.length === 0) queues.get(store)?.delete(userId)
  try {
    const results = await writeBatch(store, userId, batch)
    for (const [i, p] of batch.entries()) {
      const r = results[i]!
      if (r instanceof Thrown) p.reject(r.error)
      else p.resolve(r)
    }
  } catch (err) {
    for (const p of batch) p.reject(err)
  }
}

/** What a command that threw is answered with (its promise rejects with `error`). */
class Thrown {
  readonly error: unknown
  constructor(error: unknown) {
    this.error = error
  }
}

type Decided =
  | { readonly kind: 'thrown'; readonly error: Thrown }
  | { readonly kind: 'error'; readonly error: DomainError }
  | {
      readonly kind: 'events'
      readonly events: readonly LedgerEvent[]
      readonly before: BooksState
      readonly after: BooksState
    }

/**
 * Documents of an import planned between two turns of the event loop (validating a hundred items is a few
 * milliseconds of CPU; the first step also indexes the documents the books hold).
 */
export const IMPORT_STEP = 100

async function writeBatch(
  store: EventStore,
  userId: string,
  batch: readonly Pending[],
): Promise<(Executed | DomainError | Thrown)[]> {
  const { decideWith, planDocumentsInSteps, serializeEvent, transactionLookup } = await loadDecider()
  for (let attempt = 1; ; attempt++) {
    commandCounters.attempts++
    if (attempt > commandCounters.mostAttempts) commandCounters.mostAttempts = attempt
    const { state, revision } = await loadBooks(store, userId)
    let current = state
    const decided: Decided[] = []
    const toAppend: NewEvent[] = []
    for (const { plan, meta } of batch) {
      let command: LedgerCommand | DomainError
      let events: readonly LedgerEvent[] | DomainError
      try {
        command = plan(current)
        if (!isDomainError(command) && command.type === 'ImportDocuments' && command.documents.length > IMPORT_STEP) {
          // A large import is planned (every item validated) in steps with other users' requests run between
          // them; the decision then finds the plan made for these books and these documents.
          const steps = planDocumentsInSteps(current, command.documents, IMPORT_STEP)
          while (!steps.next().done) await yieldToLoop()
        }
        events = isDomainError(command) ? command : decideWith(command, current, transactionLookup(current))
      } catch (error) {
        // A command that throws fails alone; the others of the batch are written.
        decided.push({ kind: 'thrown', error: new Thrown(error) })
        continue
      }
      if (isDomainError(events)) {
        decided.push({ kind: 'error', error: events })
        continue
      }
      const before = current
      if (events.length > 0) {
        current = events.length > DERIVE_STEP ? await foldInSteps(events, current) : foldBooks(events, current)
        const createdAt = meta.now ? meta.now().toISOString() : (command as LedgerCommand).at
        const metadata = {
          userId: meta.actor ?? (command as LedgerCommand).userId,
          correlationId: meta.correlationId ?? randomUUID(),
          createdAt,
        }
        for (const e of events) {
          const s = serializeEvent(e)
          toAppend.push({ ...s, data: s.data as Json, metadata })
        }
      }
      decided.push({ kind: 'events', events, before, after: current })
    }
    // Each command's revision: the stream's after its own events (the cache keeps the batch's last state).
    const revisions = (last: bigint | null) => {
      let r = last === null ? null : last - BigInt(toAppend.length)
      return decided.map((d) => {
        if (d.kind === 'events' && d.events.length > 0) r = (r ?? -1n) + BigInt(d.events.length)
        return r === -1n ? null : r
      })
    }
    const answer = (last: bigint | null) => {
      const rs = revisions(last)
      return decided.map((d, i) =>
        d.kind === 'events' ? { events: d.events, state: d.after, revision: rs[i]!, before: d.before } : d.error,
      )
    }
    if (toAppend.length === 0) return answer(revision)
    try {
      const result = await store.append(booksStream(userId), toAppend, revision ?? 'no_stream')
      batchCounters.appends++
      batchCounters.commands += decided.filter((d) => d.kind === 'events' && d.events.length > 0).length
      cacheBooks(store, userId, { state: current, revision: result.nextExpectedRevision })
      // Another instance writes these books too and more of this user's commands wait here: leave a moment
      // between our appends in which it can append (else a queue here would win every race until it is done).
      const waiting = queuedBehind(userId) + (queues.get(store)?.get(userId)?.length ?? 0)
      if (waiting > 0 && othersWriting(userId)) await pause(2)
      return answer(result.nextExpectedRevision)
    } catch (err) {
      if (!(err instanceof WrongExpectedVersion)) throw err
      commandCounters.conflicts++
      if (attempt >= MAX_ATTEMPTS) throw new BooksConflict(userId)
      await backOff(attempt)
    }
  }
}

/** `executePlan` of a command made without looking at the books. */
export const executeBooks = (
  store: EventStore,
  userId: string,
  command: LedgerCommand,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> => executePlan(store, userId, () => command, meta)
