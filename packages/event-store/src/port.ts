/**
 * The event store port: the one small interface the API, the CLI and the tests use to persist events.
 * Every adapter (memory, SQLite, PostgreSQL, KurrentDB) implements it and passes the shared contract suite.
 */

/** JSON values only: events are facts stored as JSON, never class instances, never `undefined`, never floats for money. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Metadata stored with every event. `createdAt` is an ISO-8601 UTC timestamp (`2026-01-31T10:00:00.000Z`). */
export interface EventMetadata {
  /** The acting user's id (or `system` for jobs such as the reminder sender, `cli` for operator commands). */
  readonly userId: string
  readonly correlationId: string
  readonly createdAt: string
  readonly [key: string]: Json | undefined
}

/** What a writer hands to `append`. */
export interface NewEvent {
  /** uuid v4/v7; the adapter generates one when omitted. */
  readonly eventId?: string
  /** Non-empty, past tense: `IncomeRecorded`. */
  readonly type: string
  /** Schema version of `data`, 1 for the first version; upcasters in ledger-core lift old versions on read. */
  readonly schemaVersion: number
  readonly data: Json
  readonly metadata: EventMetadata
}

/** An event as stored. `revision` counts from 0 within its stream; `position` is the global commit order (from 1). */
export interface StoredEvent {
  readonly streamId: string
  readonly revision: bigint
  readonly position: bigint
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: Json
  readonly metadata: EventMetadata
}

/** Expected revision for optimistic concurrency. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint

export interface AppendResult {
  /** Revision of the last event written. */
  readonly nextExpectedRevision: bigint
  /** Global position of the last event written. */
  readonly position: bigint
}

export interface ReadStreamOptions {
  /** Inclusive start revision; default 0 forwards, the end backwards. */
  readonly fromRevision?: bigint
  readonly direction?: 'forwards' | 'backwards'
  readonly maxCount?: number
}

export interface ReadAllOptions {
  /** Exclusive: events with `position > after` are returned. Default 0n (from the start). */
  readonly after?: bigint
  /**
   * Exclusive upper bound: only events with `position < before`. Default: no bound (backwards starts at the end).
   * Page backwards by passing the previous page's `next` as `before`.
   */
  readonly before?: bigint
  /** Page size; default 1000. */
  readonly maxCount?: number
  readonly direction?: 'forwards' | 'backwards'
  /** Only streams whose id starts with one of these prefixes. */
  readonly streamPrefixes?: readonly string[]
  /** Only these event types. */
  readonly eventTypes?: readonly string[]
  /**
   * Only the streams of one partition out of `count`: those whose id's last character (its Unicode code point)
   * modulo `count` equals `index` (see `streamPartition`). Every event of a stream falls in the same partition and
   * the partitions of one `count` split the log without overlap, each in commit order, so `count` readers can each
   * fold their own streams in parallel (as `finance replay` does).
   */
  readonly partition?: StreamPartition
}

/** One partition of the streams; see `ReadAllOptions.partition`. */
export interface StreamPartition {
  /** How many partitions, 1–1024. */
  readonly count: number
  /** Which one, 0 ≤ index < count. */
  readonly index: number
}

/**
 * A stored event without its id and metadata, for folds that never look at them (`readAllData`): the rows are
 * cheaper to read (no metadata JSON to parse).
 */
export type StoredEventData = Pick<
  StoredEvent,
  'streamId' | 'revision' | 'position' | 'type' | 'schemaVersion' | 'data'
>

/**
 * What `readAllEach` hands over of each event. `data` is parsed for this call alone: the visitor owns it (may keep or
 * change it); no other reader sees the same object.
 */
export type EventVisitor = (streamId: string, type: string, schemaVersion: number, data: Json) => void

/** Where a read of the log stream by stream (`readStreamsEach`) goes on from: after `revision` of `streamId`. */
export interface StreamCursor {
  readonly streamId: string
  readonly revision: number
}

/** A run of stream ids in the store's order: after `after` (exclusive; null: from the first) up to `upTo` (inclusive). */
export interface StreamRange {
  readonly after: string | null
  readonly upTo: string | null
}

export interface ReadStreamsOptions {
  /** Go on after this event (a previous call's answer); default: from the first stream of `streams`. */
  readonly after?: StreamCursor | null
  /** Exclusive upper bound: only events with `position < before` (one snapshot of the log across calls). */
  readonly before?: bigint
  /** Events per call at most; default 1000. */
  readonly maxCount?: number
  /** Only the streams of this run of ids (`listStreams` gives the ids to cut runs at); default: every stream. */
  readonly streams?: StreamRange
}

export interface ReadAllDataPage {
  readonly events: readonly StoredEventData[]
  /** As `ReadAllPage.next`. */
  readonly next: bigint | null
}

export interface ReadAllPage {
  readonly events: readonly StoredEvent[]
  /** Position to pass as `after` for the next page (forwards) or as `before` (backwards); null when there is no more. */
  readonly next: bigint | null
}

export interface SubscribeOptions {
  /** Exclusive start position; default 0n. */
  readonly after?: bigint
  readonly streamPrefixes?: readonly string[]
  readonly eventTypes?: readonly string[]
  /** Polling interval for SQL adapters, ms; default 200. */
  readonly pollMs?: number
  /**
   * Called when the handler throws (the subscription then stops: skipping an event would break ordering) or when
   * reading fails (the subscription retries after `pollMs`). Default: logs to stderr.
   */
  readonly onError?: (error: unknown) => void
}

export interface Subscription {
  /**
   * Stops delivery; resolves when the subscription has stopped (after the handler call in progress, if any, returns).
   * Inside the handler, call it without awaiting it: awaiting would wait for the handler itself.
   */
  close(): Promise<void>
}

export interface StoreInfo {
  /** `sqlite`, `postgres`, `kurrentdb` or `memory`. */
  readonly kind: 'sqlite' | 'postgres' | 'kurrentdb' | 'memory'
  /** Database name: file name, database name or connection host. */
  readonly database: string
  /** Real size of the store in bytes, null where it cannot be known. */
  readonly sizeBytes: number | null
}

/**
 * Small secret key/value store beside the log, for data that must never appear in an event payload:
 * password hashes, reset-code hashes, reminder-accept nonces. Not exported with the events.
 */
export interface SecretStore {
  get(key: string): Promise<string | null>
  put(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
  /**
   * Every secret, by key order: for a backup of the whole store and its restore (`@finance/books/backup`). Optional:
   * an adapter that cannot list its secrets (KurrentDB) leaves it out, and a backup of that store is refused.
   */
  entries?(): Promise<ReadonlyArray<readonly [string, string]>>
}

/** A counter's value after an increment, and when it expires (epoch ms). */
export interface CounterValue {
  readonly value: number
  readonly expiresAt: number
}

/**
 * Expiring counters beside the log, shared by every process on the same store: rate limits that hold across several
 * API instances, and short claims ("this instance sends that reminder"). Not part of the log, never exported.
 */
export interface CounterStore {
  /**
   * Adds 1 to the counter `key` and answers its new value. A counter that does not exist or has expired (its
   * `expiresAt` ≤ `now`) starts again at 1 and expires at `now + ttlMs`; a live counter keeps its expiry. Atomic:
   * concurrent increments, from any number of processes, each answer a different value. `now` defaults to the
   * process clock (callers with their own clock pass it).
   */
  increment(key: string, ttlMs: number, now?: number): Promise<CounterValue>
  /** Removes a counter; the next increment starts at 1. */
  reset(key: string): Promise<void>
}

/** Keys of counters are short: a rate-limit or claim key, never user text of any length. */
export const MAX_COUNTER_KEY_LENGTH = 512

export interface EventStore {
  /**
   * Appends atomically. A stale `expected` rejects with `WrongExpectedVersion` and writes nothing.
   * Bad input (empty type, non-JSON-serialisable data) rejects with `InvalidEvent` and writes nothing.
   * An empty `events` array is allowed and only checks the expectation; it then returns the stream's current
   * revision (-1n when the stream does not exist) and the position of its last event (0n when none).
   */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>
  /** Reads a stream; an unknown stream yields no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>
  /** Current revision of a stream, or null when it does not exist. */
  streamRevision(streamId: string): Promise<bigint | null>
  /** One page of the global log in commit order. */
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>
  /**
   * `readAll` without event ids and metadata (same events, order, paging and filters). Adapters that store metadata
   * apart skip reading and parsing it; others may return whole events.
   */
  readAllData(options?: ReadAllOptions): Promise<ReadAllDataPage>
  /**
   * One page of `readAllData` handed to `visit` event by event, in order, answering the page's `next`: for a fold over
   * the whole log that needs only each event's stream, type, version and data, with no event object and no bigint
   * position or revision per event. Optional: `eachOfLog` (the way to call it) falls back to `readAllData`.
   */
  readAllEach?(options: ReadAllOptions | undefined, visit: EventVisitor): Promise<bigint | null>
  /**
   * The log stream by stream: each stream's events (below `before`) together and in revision order, the streams of
   * `streams` one after another in the store's order of their ids, handed to `visit` up to `maxCount` a call; answers
   * where the next call goes on, null at the end. For a fold whose state is per stream (a replay of every user's
   * books): it can finish each stream's state when the next stream begins and let it go, where a fold in commit order
   * holds every stream's state to the end. Optional, with `listStreams`: without them, such a fold reads in commit
   * order.
   */
  readStreamsEach?(options: ReadStreamsOptions, visit: EventVisitor): Promise<StreamCursor | null>
  /**
   * The ids of the streams with an event below `before` (default: any), in the order `readStreamsEach` reads them:
   * where to cut the log into runs of streams for several readers.
   */
  listStreams?(options?: { readonly before?: bigint }): Promise<readonly string[]>
  /**
   * The partition keys of the streams stored (each id's last code point, see `streamPartition`), ascending, when the
   * adapter indexes them: a partitioned read of a `count` that gives each key a partition of its own is then read
   * from the index rather than filtered out of the whole log. Optional: without it, every partition is a filter.
   */
  partitionKeys?(): Promise<readonly number[]>
  /** Async iteration over the whole (filtered) global log, paging internally. */
  iterateAll(options?: Omit<ReadAllOptions, 'direction'>): AsyncIterable<StoredEvent>
  /** Catch-up subscription: delivers existing events after `after`, then new ones as they are committed, in order. */
  subscribe(options: SubscribeOptions, onEvent: (event: StoredEvent) => void | Promise<void>): Subscription
  /** Highest global position, 0n when empty. */
  headPosition(): Promise<bigint>
  readonly secrets: SecretStore
  readonly counters: CounterStore
  /**
   * Removes every event of these streams, for good: the erasure of an account's data once the law no longer requires
   * it to be kept (`finance users purge`). Answers how many events were removed. Positions are never renumbered; the
   * caller appends a record of the purge first, so the head stays above the removed events and no position is reused.
   * Optional: an adapter that cannot delete (KurrentDB here) leaves it out and the purge is refused.
   */
  deleteStreams?(streamIds: readonly string[]): Promise<number>
  info(): Promise<StoreInfo>
  close(): Promise<void>
}

/**
 * Opening with `create: false` found no store at the configured place (no SQLite file, no PostgreSQL schema), and
 * created nothing. `location` names the place (the file path, or the server and schema without a password).
 */
export class StoreNotFound extends Error {
  override readonly name = 'StoreNotFound'
  readonly location: string
  constructor(location: string) {
    super(`No event store at ${location}`)
    this.location = location
  }
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion'
  readonly streamId: string
  readonly expected: ExpectedRevision
  readonly actual: bigint | null
  constructor(streamId: string, expected: ExpectedRevision, actual: bigint | null) {
    super(`Wrong expected version on stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`)
    this.streamId = streamId
    this.expected = expected
    this.actual = actual
  }
}

export class InvalidEvent extends Error {
  override readonly name = 'InvalidEvent'
  readonly index: number
  constructor(message: string, index: number) {
    super(message)
    this.index = index
  }
}
