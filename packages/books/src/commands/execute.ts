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
import { type EventStore, type Json, WrongExpectedVersion } from '@finance/event-store'
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
  type LoadedBooks,
  loadBooks,
  othersWriting,
  queuedBehind,
  withUserLock,
} from '../books.ts'

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

/**
 * Decides the command `plan` makes of the user's current books and appends its events. A domain error comes back
 * unchanged (nothing written); otherwise the events, the new state and the state decided on.
 */
export function executePlan(
  store: EventStore,
  userId: string,
  plan: Plan,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> {
  return withUserLock(store, userId, async () => {
    const { decideWith, serializeEvent, transactionLookup } = await loadDecider()
    for (let attempt = 1; ; attempt++) {
      commandCounters.attempts++
      if (attempt > commandCounters.mostAttempts) commandCounters.mostAttempts = attempt
      const { state, revision } = await loadBooks(store, userId)
      const command = plan(state)
      if (isDomainError(command)) return command
      const decided = decideWith(command, state, transactionLookup(state))
      if (isDomainError(decided)) return decided
      if (decided.length === 0) return { events: [], state, revision, before: state }
      const createdAt = meta.now ? meta.now().toISOString() : command.at
      const correlationId = meta.correlationId ?? randomUUID()
      const metadata = { userId: meta.actor ?? command.userId, correlationId, createdAt }
      const events = decided.map((e) => {
        const s = serializeEvent(e)
        return { ...s, data: s.data as Json, metadata }
      })
      try {
        const result = await store.append(booksStream(userId), events, revision ?? 'no_stream')
        const loaded: LoadedBooks = { state: foldBooks(decided, state), revision: result.nextExpectedRevision }
        cacheBooks(store, userId, loaded)
        // Another instance writes these books too and more of this user's commands wait here: leave a moment
        // between our appends in which it can append (else a queue here would win every race until it is done).
        if (queuedBehind(userId) > 0 && othersWriting(userId)) await pause(2)
        return { events: decided, ...loaded, before: state }
      } catch (err) {
        if (!(err instanceof WrongExpectedVersion)) throw err
        commandCounters.conflicts++
        if (attempt >= MAX_ATTEMPTS) throw new BooksConflict(userId)
        await backOff(attempt)
      }
    }
  })
}

/** `executePlan` of a command made without looking at the books. */
export const executeBooks = (
  store: EventStore,
  userId: string,
  command: LedgerCommand,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> => executePlan(store, userId, () => command, meta)
