/**
 * Pieces every adapter shares: input validation (so bad input is rejected the same way everywhere, before
 * anything is written), the expected-revision rule, uuid v7 generation and the catch-up subscription loop.
 */
import { randomFillSync } from 'node:crypto'
import {
  type CounterStore,
  type CounterValue,
  type EventMetadata,
  type EventStore,
  type EventVisitor,
  type ExpectedRevision,
  type Json,
  InvalidEvent,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllPage,
  type StoredEvent,
  type SubscribeOptions,
  type ReadAllDataPage,
  type ReadStreamsOptions,
  type StoredEventData,
  type StreamCursor,
  type StreamRange,
  type StreamPartition,
  type Subscription,
  WrongExpectedVersion,
  MAX_COUNTER_KEY_LENGTH,
} from './port.ts'

/** An event validated and serialised once, ready for any adapter to write. */
export interface PreparedEvent {
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: string
  readonly metadata: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Random bytes drawn in blocks: one `randomFillSync` per 256 ids instead of one per id. */
const pool = Buffer.alloc(4096)
let poolOffset = pool.length

/** A uuid v7 (RFC 9562): 48-bit Unix milliseconds then random bits, so ids sort roughly by creation time. */
export function uuidv7(now: number = Date.now()): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const b = pool.subarray(poolOffset, poolOffset + 16)
  poolOffset += 16
  b.writeUIntBE(now, 0, 6)
  b[6] = 0x70 | (b[6]! & 0x0f)
  b[8] = 0x80 | (b[8]! & 0x3f)
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'bigint') return 'a bigint'
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'symbol') return 'a symbol'
  if (typeof value === 'object' && value !== null)
    return `an instance of ${value.constructor?.name ?? 'an unknown class'}`
  return typeof value
}

/**
 * Throws a message naming the first offending path when `value` is not plain JSON (null, boolean, finite number,
 * string, array, plain object). Rejects what `JSON.stringify` would silently drop or mangle: undefined, functions,
 * symbols, bigints (throws), NaN/Infinity (become null), cycles, class instances such as Date or Map.
 */
export function assertJson(value: unknown, path: string): void {
  const ancestors = new Set<object>()
  const walk = (v: unknown, p: string): void => {
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return
      case 'number':
        if (!Number.isFinite(v)) throw new Error(`${p} is ${v}, which is not a JSON number`)
        return
      case 'object': {
        if (v === null) return
        if (ancestors.has(v)) throw new Error(`${p} refers back to one of its parents (a cycle), which is not JSON`)
        ancestors.add(v)
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) walk(v[i], `${p}[${i}]`)
        } else {
          const proto = Object.getPrototypeOf(v)
          if (proto !== Object.prototype && proto !== null) throw new Error(`${p} is ${describe(v)}, not plain JSON`)
          for (const key of Object.keys(v)) walk((v as Record<string, unknown>)[key], `${p}.${key}`)
        }
        ancestors.delete(v)
        return
      }
      default:
        throw new Error(`${p} is ${describe(v)}, which is not JSON`)
    }
  }
  walk(value, path)
}

/** Validates a stream id; adapters call it before anything else. */
export function assertStreamId(streamId: unknown): asserts streamId is string {
  if (typeof streamId !== 'string' || streamId.length === 0) {
    throw new InvalidEvent('Stream id must be a non-empty string', -1)
  }
  if (streamId.startsWith('$')) {
    throw new InvalidEvent(`Stream id ${streamId} starts with $, which is reserved for system streams`, -1)
  }
}

/**
 * Validates and serialises a batch, or its events from `start` to `end` (an append sent in chunks); throws
 * `InvalidEvent` (nothing has been written yet) on the first bad event.
 */
export function prepareEvents(events: readonly NewEvent[], start = 0, end = events.length): PreparedEvent[] {
  if (!Array.isArray(events)) throw new InvalidEvent('Events must be an array', -1)
  const out: PreparedEvent[] = new Array(end - start)
  // The events of one command share their metadata object: checked and serialised once for all of them.
  let sharedMetadata: unknown = null
  let sharedMetadataJson = ''
  for (let i = start; i < end; i++) {
    const e = events[i] as NewEvent | undefined
    const fail = (why: string): never => {
      throw new InvalidEvent(
        `Invalid event ${i}${typeof e?.type === 'string' && e.type ? ` (${e.type})` : ''}: ${why}`,
        i,
      )
    }
    if (typeof e !== 'object' || e === null) fail('not an object')
    const ev = e as NewEvent
    if (typeof ev.type !== 'string' || ev.type.trim().length === 0) fail('type must be a non-empty string')
    if (ev.type.startsWith('$')) fail('type must not start with $ (reserved for system events)')
    if (!Number.isSafeInteger(ev.schemaVersion) || ev.schemaVersion < 1) fail('schemaVersion must be an integer ≥ 1')
    if (ev.eventId !== undefined && (typeof ev.eventId !== 'string' || !UUID.test(ev.eventId))) {
      fail('eventId must be a uuid')
    }
    try {
      assertJson(ev.data, 'data')
    } catch (err) {
      fail((err as Error).message)
    }
    if (ev.metadata !== sharedMetadata || sharedMetadata === null) {
      try {
        assertJson(ev.metadata, 'metadata')
      } catch (err) {
        fail((err as Error).message)
      }
      const m = ev.metadata as unknown
      if (typeof m !== 'object' || m === null || Array.isArray(m)) fail('metadata must be an object')
      for (const key of ['userId', 'correlationId', 'createdAt'] as const) {
        const v = (ev.metadata as unknown as Record<string, unknown>)[key]
        if (typeof v !== 'string' || v.length === 0) fail(`metadata.${key} must be a non-empty string`)
      }
      if (!Number.isFinite(Date.parse(ev.metadata.createdAt))) fail('metadata.createdAt must be an ISO-8601 timestamp')
      sharedMetadata = ev.metadata
      sharedMetadataJson = JSON.stringify(ev.metadata)
    }
    out[i - start] = {
      eventId: ev.eventId ?? uuidv7(),
      type: ev.type,
      schemaVersion: ev.schemaVersion,
      data: JSON.stringify(ev.data),
      metadata: sharedMetadataJson,
    }
  }
  return out
}

/** Validates the expectation itself (a caller passing `-1n` or a number gets a clear error). */
export function assertExpected(streamId: string, expected: ExpectedRevision): void {
  if (expected === 'no_stream' || expected === 'any' || expected === 'stream_exists') return
  if (typeof expected !== 'bigint' || expected < 0n) {
    throw new InvalidEvent(
      `Expected revision for ${streamId} must be 'no_stream', 'any', 'stream_exists' or a bigint ≥ 0n, got ${String(expected)}`,
      -1,
    )
  }
}

/**
 * What every adapter's `append` does first: the stream id, the expectation and every event checked and the events
 * serialised, before anything is written.
 */
export function prepareAppend(
  streamId: string,
  expected: ExpectedRevision,
  events: readonly NewEvent[],
): PreparedEvent[] {
  assertStreamId(streamId)
  assertExpected(streamId, expected)
  return prepareEvents(events)
}

/**
 * A page from rows read with `LIMIT maxCount + 1`: at most `maxCount` of them mapped by `map`, `next` the last mapped
 * position when the extra row shows there is more.
 */
export function pageOfRows<R, E extends { readonly position: bigint }>(
  rows: readonly R[],
  maxCount: number,
  map: (r: R) => E,
): { events: E[]; next: bigint | null } {
  const more = rows.length > maxCount
  const n = more ? maxCount : rows.length
  const events: E[] = new Array(n)
  for (let i = 0; i < n; i++) events[i] = map(rows[i]!)
  return { events, next: more ? events[n - 1]!.position : null }
}

/** The optimistic-concurrency rule, given the stream's current revision (null when it has no events). */
export function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'bigint' && current === expected)
  if (!ok) throw new WrongExpectedVersion(streamId, expected, current)
}

/**
 * A `readAllData` event from a row's columns (positions and revisions as the driver gives them: numbers from SQLite,
 * decimal strings from PostgreSQL).
 */
export const storedData = (
  position: number | string,
  streamId: string,
  revision: number | string,
  type: string,
  schemaVersion: number,
  data: Json,
): StoredEventData => ({ streamId, revision: BigInt(revision), position: BigInt(position), type, schemaVersion, data })

/** Validates read options shared by `readAll`, `iterateAll` and `subscribe`. */
export function normaliseReadAll(options: ReadAllOptions = {}): Required<
  Omit<ReadAllOptions, 'before' | 'partition'>
> & {
  before: bigint | null
  partition: StreamPartition | null
} {
  const maxCount = options.maxCount ?? 1000
  if (!Number.isSafeInteger(maxCount) || maxCount < 1)
    throw new RangeError(`maxCount must be an integer ≥ 1, got ${maxCount}`)
  const after = options.after ?? 0n
  if (typeof after !== 'bigint' || after < 0n) throw new RangeError('after must be a bigint ≥ 0n')
  const before = normaliseBefore(options.before)
  return {
    after,
    before,
    maxCount,
    direction: options.direction ?? 'forwards',
    streamPrefixes: options.streamPrefixes ?? [],
    eventTypes: options.eventTypes ?? [],
    partition: normalisePartition(options.partition),
  }
}

/** An exclusive upper position of a read (`ReadAllOptions.before`, `listStreams`'s), or null for none. */
export function normaliseBefore(before: bigint | undefined): bigint | null {
  if (before !== undefined && typeof before !== 'bigint') throw new RangeError('before must be a bigint')
  return before ?? null
}

/** Largest partition count a read accepts. */
export const MAX_PARTITIONS = 1024

function normalisePartition(partition: StreamPartition | undefined): StreamPartition | null {
  if (partition === undefined) return null
  const { count, index } = partition
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PARTITIONS)
    throw new RangeError(`partition.count must be an integer from 1 to ${MAX_PARTITIONS}, got ${count}`)
  if (!Number.isSafeInteger(index) || index < 0 || index >= count)
    throw new RangeError(`partition.index must be an integer from 0 to ${count - 1}, got ${index}`)
  return count === 1 ? null : { count, index }
}

/**
 * The partition (0 ≤ p < count) a stream belongs to: the code point of its id's last character modulo `count`.
 * SQL adapters compute the same in the database (`unicode(substr(id, -1))` in SQLite, `ascii(right(id, 1))` in
 * PostgreSQL), so a partitioned read filters before rows reach JavaScript. Stream ids ending in a uuid's hex digit
 * spread evenly over 2 partitions and nearly so over 3–4.
 */
export function streamPartition(streamId: string, count: number): number {
  const last = streamId.length - 1
  const unit = streamId.charCodeAt(last)
  // A low surrogate ends a character outside the BMP: take the whole code point, as the databases do.
  const code = unit >= 0xdc00 && unit <= 0xdfff && last > 0 ? (streamId.codePointAt(last - 1) ?? unit) : unit
  return code % count
}

/** True when the event passes the prefix and type filters (empty filter lists let everything through). */
export function matches(
  event: { streamId: string; type: string },
  prefixes: readonly string[],
  types: readonly string[],
  partition: StreamPartition | null = null,
) {
  if (types.length > 0 && !types.includes(event.type)) return false
  if (prefixes.length > 0 && !prefixes.some((p) => event.streamId.startsWith(p))) return false
  if (partition !== null && streamPartition(event.streamId, partition.count) !== partition.index) return false
  return true
}

/**
 * `iterateAll` on top of `readAll`, page by page. A hand-written iterator rather than an async generator: over a
 * million events the generator's per-event machinery is measurable, a buffered `next()` is not.
 */
export function iterateViaReadAll(
  readAll: (o: ReadAllOptions) => Promise<ReadAllPage>,
  options: Omit<ReadAllOptions, 'direction'> = {},
): AsyncIterable<StoredEvent> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<StoredEvent> {
      let after: bigint | null = options.after ?? 0n
      let buffer: readonly StoredEvent[] = []
      let i = 0
      return {
        async next(): Promise<IteratorResult<StoredEvent>> {
          while (i >= buffer.length) {
            if (after === null) return { done: true, value: undefined }
            const page = await readAll({ ...options, after, direction: 'forwards' })
            buffer = page.events
            i = 0
            after = page.next
          }
          return { done: false, value: buffer[i++]! }
        },
        async return(): Promise<IteratorResult<StoredEvent>> {
          after = null
          buffer = []
          return { done: true, value: undefined }
        },
      }
    },
  }
}

/**
 * The global log page by page (`readAll` forwards until `next` is null; `before` bounds it to one snapshot of a log
 * that is being appended to). For hot replays: a fold over pages avoids
 * the per-event promise of `for await … of iterateAll()`, which costs a few hundred milliseconds per million events.
 */
export async function* readAllPages(
  store: { readAll(o: ReadAllOptions): Promise<ReadAllPage> },
  options: Omit<ReadAllOptions, 'direction'> = {},
): AsyncGenerator<readonly StoredEvent[]> {
  yield* pages((o) => store.readAll(o), options)
}

/** `readAllPages` over `readAllData`: events without ids and metadata, for folds that need neither. */
export async function* readAllDataPages(
  store: { readAllData(o: ReadAllOptions): Promise<ReadAllDataPage> },
  options: Omit<ReadAllOptions, 'direction'> = {},
): AsyncGenerator<readonly StoredEventData[]> {
  yield* pages((o) => store.readAllData(o), options)
}

/**
 * Every event of the (filtered) log in order, handed to `visit` as `(streamId, type, schemaVersion, data)`, page by
 * page (`onPage` after each, with its number of events): through the store's `readAllEach` when it has one (no event
 * object per event), else through `readAllData`.
 */
export async function eachOfLog(
  store: Pick<EventStore, 'readAllData' | 'readAllEach'>,
  options: Omit<ReadAllOptions, 'direction'>,
  visit: EventVisitor,
  onPage: (events: number) => void | Promise<void>,
): Promise<void> {
  const each = store.readAllEach
  if (each === undefined) {
    for await (const page of readAllDataPages(store, options)) {
      for (const e of page) visit(e.streamId, e.type, e.schemaVersion, e.data)
      await onPage(page.length)
    }
    return
  }
  await visitPages(
    options.after ?? 0n,
    (after, count) => each.call(store, { maxCount: 5000, ...options, after, direction: 'forwards' }, count),
    visit,
    onPage,
  )
}

/**
 * The paging of a visiting read (`readAllEach`, `readStreamsEach`): each call from where the last one stopped, its
 * events handed to `visit` and counted, `onPage` after each call that visited any, until a call answers null.
 */
async function visitPages<C>(
  first: C,
  read: (after: C, visit: EventVisitor) => Promise<C | null>,
  visit: EventVisitor,
  onPage: (events: number) => void | Promise<void>,
): Promise<void> {
  let counted = 0
  const count: EventVisitor = (streamId, type, schemaVersion, data) => {
    counted++
    visit(streamId, type, schemaVersion, data)
  }
  for (let after = first; ; ) {
    counted = 0
    const next = await read(after, count)
    if (counted > 0) await onPage(counted)
    if (next === null) return
    after = next
  }
}

/** Validates the options of `readStreamsEach`. */
export function normaliseReadStreams(options: ReadStreamsOptions = {}): {
  after: StreamCursor | null
  before: bigint | null
  maxCount: number
  streams: StreamRange
} {
  const maxCount = options.maxCount ?? 1000
  if (!Number.isSafeInteger(maxCount) || maxCount < 1)
    throw new RangeError(`maxCount must be an integer ≥ 1, got ${maxCount}`)
  const after = options.after ?? null
  if (
    after !== null &&
    (typeof after.streamId !== 'string' || !Number.isSafeInteger(after.revision) || after.revision < -1)
  )
    throw new RangeError('after must be a stream id and a revision ≥ -1')
  const before = normaliseBefore(options.before)
  const streams = options.streams ?? { after: null, upTo: null }
  for (const bound of [streams.after, streams.upTo])
    if (bound !== null && typeof bound !== 'string') throw new RangeError('streams bounds must be stream ids or null')
  return { after, before, maxCount, streams }
}

/**
 * Every event of the log (below `before`, of `streams`) stream by stream through the store's `readStreamsEach`,
 * page by page (`onPage` after each, with its number of events). The store must have it (check first).
 */
export async function eachOfStreams(
  store: Pick<EventStore, 'readStreamsEach'>,
  options: Omit<ReadStreamsOptions, 'after'>,
  visit: EventVisitor,
  onPage: (events: number) => void | Promise<void>,
): Promise<void> {
  const each = store.readStreamsEach
  if (each === undefined) throw new TypeError('this store cannot read the log stream by stream')
  await visitPages<StreamCursor | null>(
    null,
    (after, count) => each.call(store, { maxCount: 5000, ...options, after }, count),
    visit,
    onPage,
  )
}

/**
 * Cuts stream ids (in the store's order, `listStreams`) into at most `count` runs of nearly equal numbers of streams,
 * together covering every stream (the first run from the first stream, the last to the last).
 */
export function streamRanges(ids: readonly string[], count: number): StreamRange[] {
  const runs = Math.max(1, Math.min(count, ids.length))
  return Array.from({ length: runs }, (_, i) => ({
    after: i === 0 ? null : (ids[Math.floor((ids.length * i) / runs) - 1] ?? null),
    upTo: i === runs - 1 ? null : (ids[Math.floor((ids.length * (i + 1)) / runs) - 1] ?? null),
  }))
}

async function* pages<E>(
  read: (o: ReadAllOptions) => Promise<{ readonly events: readonly E[]; readonly next: bigint | null }>,
  options: Omit<ReadAllOptions, 'direction'>,
): AsyncGenerator<readonly E[]> {
  let after = options.after ?? 0n
  for (;;) {
    const page = await read({ maxCount: 5000, ...options, after, direction: 'forwards' })
    if (page.events.length > 0) yield page.events
    if (page.next === null) return
    after = page.next
  }
}

export interface PollingSubscriptionDeps {
  readPage(after: bigint): Promise<ReadAllPage>
  /** Registers a waker called when this process appends, so local subscribers do not wait for the next poll. */
  onAppend?(wake: () => void): () => void
}

/**
 * A catch-up subscription by polling: reads pages after the last delivered position, delivers them in order
 * (awaiting the handler, so a slow handler applies back-pressure), then sleeps until the next poll or a local
 * append. A handler error stops the subscription (skipping an event would break ordering guarantees) and is
 * reported through `onError`; a read error is reported and retried after the poll interval.
 */
export function pollingSubscription(
  deps: PollingSubscriptionDeps,
  options: SubscribeOptions,
  onEvent: (event: StoredEvent) => void | Promise<void>,
): Subscription {
  const pollMs = options.pollMs ?? 200
  const onError = options.onError ?? ((err: unknown) => console.error('event-store subscription error:', err))
  let after = options.after ?? 0n
  let closed = false
  let wake: (() => void) | null = null
  let pendingWake = false
  const unregister = deps.onAppend?.(() => {
    pendingWake = true
    wake?.()
  })
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (closed || pendingWake) return resolve()
      const timer = setTimeout(done, pollMs)
      function done() {
        clearTimeout(timer)
        wake = null
        resolve()
      }
      wake = done
    })
  const loop = (async () => {
    while (!closed) {
      pendingWake = false
      let page: ReadAllPage
      try {
        page = await deps.readPage(after)
      } catch (err) {
        if (closed) return
        onError(err)
        await sleep()
        continue
      }
      for (const event of page.events) {
        if (closed) return
        try {
          await onEvent(event)
        } catch (err) {
          closed = true
          onError(err)
          return
        }
        after = event.position
      }
      if (page.next === null) await sleep()
    }
  })()
  return {
    async close() {
      closed = true
      wake?.()
      unregister?.()
      await loop
    },
  }
}

/** Local fan-out of "something was appended" to subscriptions of the same store instance. */
export class AppendSignal {
  private readonly listeners = new Set<() => void>()
  on(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  emit(): void {
    for (const l of this.listeners) l()
  }
}

/**
 * The `subscribe` of the memory and SQL adapters: a polling catch-up subscription over `readAll`, woken at once by
 * appends made through the same store, and tracked so that closing the store closes it.
 */
export function trackedPollingSubscription(
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>,
  signal: AppendSignal,
  subscriptions: Set<Subscription>,
  options: SubscribeOptions,
  onEvent: (event: StoredEvent) => void | Promise<void>,
): Subscription {
  const sub = pollingSubscription(
    {
      readPage: (after) =>
        readAll({ after, maxCount: 1000, streamPrefixes: options.streamPrefixes, eventTypes: options.eventTypes }),
      onAppend: (wake) => signal.on(wake),
    },
    options,
    onEvent,
  )
  const tracked: Subscription = {
    async close() {
      subscriptions.delete(tracked)
      await sub.close()
    },
  }
  subscriptions.add(tracked)
  return tracked
}

/** Checks the arguments of `counters.increment`; answers the clock to use. */
export function counterArgs(key: unknown, ttlMs: unknown, now: unknown): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_COUNTER_KEY_LENGTH)
    throw new TypeError(`Counter key must be a string of 1 to ${MAX_COUNTER_KEY_LENGTH} characters`)
  if (typeof ttlMs !== 'number' || !Number.isSafeInteger(ttlMs) || ttlMs < 1)
    throw new TypeError('Counter ttlMs must be a positive whole number of milliseconds')
  if (now === undefined) return Date.now()
  if (typeof now !== 'number' || !Number.isSafeInteger(now)) throw new TypeError('Counter now must be epoch ms')
  return now
}

/** Calls `sweep(now)` once every `every` calls: expired counters are deleted as new ones arrive, without a timer. */
export function periodicSweep(sweep: (now: number) => unknown, every = 1000): (now: number) => Promise<void> {
  let calls = 0
  return async (now) => {
    if (++calls < every) return
    calls = 0
    await sweep(now)
  }
}

/**
 * A store's life: `open()` throws once the store is closed (every call checks it first); `close(release)` closes the
 * store's `subscriptions`, marks it closed and then frees what it holds by `release`, once however often it is called.
 */
export const storeLife = (subscriptions: ReadonlySet<Subscription>) => {
  let closed = false
  return {
    open: (): void => {
      if (closed) throw new Error('The event store is closed')
    },
    close: async (release?: () => unknown): Promise<void> => {
      if (closed) return
      await Promise.all([...subscriptions].map((s) => s.close()))
      closed = true
      await release?.()
    },
  }
}

/** `counters` of a store that refuses calls once closed. */
export const guardedCounters = (counters: CounterStore, open: () => void): CounterStore => ({
  async increment(key, ttlMs, now) {
    open()
    return counters.increment(key, ttlMs, now)
  },
  async reset(key) {
    open()
    return counters.reset(key)
  },
})

/**
 * Counters in process memory (the memory store, and KurrentDB, which has no atomic shared counter: there each
 * process counts for itself). Expired counters are swept as new ones arrive; live ones are never evicted (eviction
 * under pressure is what lets a flood of new keys reset an attacker's counter). Past `maxLive` live counters a new
 * key answers `Infinity`, which every limit reads as exceeded: the store fails closed rather than forgetting.
 */
export function memoryCounters(maxLive = 1_000_000): CounterStore {
  const counters = new Map<string, { value: number; expiresAt: number }>()
  let sinceSweep = 0
  const sweep = (now: number) => {
    for (const [k, c] of counters) if (c.expiresAt <= now) counters.delete(k)
    sinceSweep = 0
  }
  return {
    async increment(key, ttlMs, at) {
      const now = counterArgs(key, ttlMs, at)
      const c = counters.get(key)
      if (c && c.expiresAt > now) {
        c.value++
        return { value: c.value, expiresAt: c.expiresAt }
      }
      if (++sinceSweep >= 1000 || counters.size >= maxLive) sweep(now)
      if (!c && counters.size >= maxLive) return { value: Number.POSITIVE_INFINITY, expiresAt: now + ttlMs }
      const fresh = { value: 1, expiresAt: now + ttlMs }
      counters.set(key, fresh)
      return { ...fresh } satisfies CounterValue
    },
    async reset(key) {
      counters.delete(key)
    },
  }
}

/** The columns the SQL adapters read for a stored event, in the order of `SqlEventRow`. */
export const EVENT_COLUMNS = 'position, stream_id, revision, event_id, type, schema_version, data, metadata'
/** The columns of `readAllData`, in the order of `SqlDataRow`: no event id, no metadata. */
export const DATA_COLUMNS = 'position, stream_id, revision, type, schema_version, data'
/** The columns of `readAllEach`, in the order of `SqlEachRow`: what a fold of the whole log needs. */
export const EACH_COLUMNS = 'position, stream_id, type, schema_version, data'

/** A row of `EVENT_COLUMNS` as a driver returns it: integers as `I` (numbers or strings), JSON as `J` and `M`. */
export type SqlEventRow<I, J, M> = [
  position: I,
  streamId: string,
  revision: I,
  eventId: string,
  type: string,
  schemaVersion: number,
  data: J,
  metadata: M,
]
/**
 * A stored event from a row of `EVENT_COLUMNS` and its JSON columns as objects (parsed by SQLite's adapter, as the
 * driver gives them by PostgreSQL's). Integers come as numbers or strings and become bigints here, which is cheaper
 * than reading every integer column of every row as a bigint.
 */
export const storedEvent = (
  r: SqlEventRow<number | string, unknown, unknown>,
  data: Json,
  metadata: EventMetadata,
): StoredEvent => ({
  streamId: r[1],
  revision: BigInt(r[2]),
  position: BigInt(r[0]),
  eventId: r[3],
  type: r[4],
  schemaVersion: r[5],
  data,
  metadata,
})

/** A row of `DATA_COLUMNS`. */
export type SqlDataRow<I, J> = [
  position: I,
  streamId: string,
  revision: I,
  type: string,
  schemaVersion: number,
  data: J,
]

/** A row of `EACH_COLUMNS`. */
export type SqlEachRow<I, J> = [position: I, streamId: string, type: string, schemaVersion: number, data: J]

/**
 * The reads a SQL adapter derives from its `readAll`: the whole log in pages of 5 000 and the polling subscription,
 * woken by the adapter's own appends (`signal`); both refuse once the store is closed (`open` throws).
 */
export const readsFromReadAll = (
  readAll: (options?: ReadAllOptions) => Promise<ReadAllPage>,
  signal: AppendSignal,
  subscriptions: Set<Subscription>,
  open: () => void,
) => ({
  readAll,
  iterateAll: (o: Omit<ReadAllOptions, 'direction'> = {}): AsyncIterable<StoredEvent> =>
    iterateViaReadAll(readAll, { maxCount: 5000, ...o }),
  subscribe: (o: SubscribeOptions, onEvent: (event: StoredEvent) => void | Promise<void>): Subscription => {
    open()
    return trackedPollingSubscription(readAll, signal, subscriptions, o, onEvent)
  },
})
