/**
 * The KurrentDB / EventStoreDB adapter (`@kurrent/kurrentdb-client`).
 *
 * Mapping:
 * - streams and revisions map one to one; expected revisions map to NO_STREAM / ANY / STREAM_EXISTS / bigint, and
 *   the client's `WrongExpectedVersionError` becomes our `WrongExpectedVersion` (with the actual revision);
 * - our global `position` is the event's `$all` commit position (KurrentDB ≥ 20 gives every event its own commit
 *   position; positions increase but are not consecutive);
 * - `data` is the event's JSON body; our metadata goes into the event's JSON metadata together with
 *   `$schemaVersion` (and `$correlationId`, which KurrentDB's system projections understand);
 * - the prefix filter is server-side (`streamNameFilter({ prefixes })`), event types are filtered server-side by
 *   `eventTypeFilter` when no prefix is given, and always re-checked exactly on the client (the server's type
 *   filter matches prefixes, not names); system events (`$`-prefixed streams and types) are never returned;
 * - subscriptions use `subscribeToAll({ fromPosition, filter })`;
 * - secrets live in one `$finance-secret-{key}` stream each, with `$maxCount: 1` metadata so only the latest value
 *   is readable. This is the weakest part of this adapter: older values stay on disk until a scavenge runs, and
 *   anyone allowed to read system streams can read them (see docs/operations.md).
 */
import {
  ANY,
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  type Filter,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  type AppendStreamState,
  type AllStreamResolvedEvent,
  type Position,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  streamNameFilter,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client'
import {
  checkExpected,
  guardedCounters,
  iterateViaReadAll,
  matches,
  memoryCounters,
  normaliseReadAll,
  prepareAppend,
  storeLife,
} from './common.ts'
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Json,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type StoredEvent,
  type Subscription,
  WrongExpectedVersion,
} from './port.ts'

export interface KurrentStoreOptions {
  /** For example `kurrentdb://admin:changeit@localhost:2113?tls=false`. */
  readonly connectionString: string
}

const SECRET_PREFIX = '$finance-secret-'
const SECRET_SET = '$finance-secret-set'
const SECRET_DELETED = '$finance-secret-deleted'

type AnyRecorded = NonNullable<AllStreamResolvedEvent['event']> | NonNullable<ResolvedEvent['event']>

const toPosition = (p: bigint): Position => ({ commit: p, prepare: p })

const mapExpected = (expected: ExpectedRevision): AppendStreamState =>
  expected === 'no_stream'
    ? NO_STREAM
    : expected === 'any'
      ? ANY
      : expected === 'stream_exists'
        ? STREAM_EXISTS
        : expected

/** Turns a recorded event back into ours; null for anything that is not one of our events. */
function toStored(e: AnyRecorded | undefined, commitPosition: bigint | undefined): StoredEvent | null {
  if (!e?.isJson || e.streamId.startsWith('$') || e.type.startsWith('$')) return null
  const position = e.position?.commit ?? commitPosition
  if (position === undefined) return null
  const raw = (e.metadata ?? {}) as Record<string, Json>
  const { $schemaVersion, $correlationId: _ignored, ...metadata } = raw
  return {
    streamId: e.streamId,
    revision: e.revision,
    position,
    eventId: e.id,
    type: e.type,
    schemaVersion: typeof $schemaVersion === 'number' ? $schemaVersion : 1,
    data: e.data as Json,
    metadata: metadata as unknown as EventMetadata,
  }
}

/** Database name for `info()`: the host list of the connection string, never its credentials. */
function hostsOf(connectionString: string): string {
  const m = /^[a-z+]+:\/\/(?:[^@/]*@)?([^/?]+)/i.exec(connectionString)
  return m?.[1] ?? 'kurrentdb'
}

/** The part of the client this adapter uses (a seam for tests that cannot reach a server). */
export type KurrentClient = Pick<
  KurrentDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'setStreamMetadata' | 'dispose'
>

export function createKurrentStore(options: KurrentStoreOptions): EventStore {
  return kurrentStoreWithClient(
    KurrentDBClient.connectionString(options.connectionString),
    hostsOf(options.connectionString),
  )
}

/** The adapter over a given client; `database` is what `info()` reports. */
export function kurrentStoreWithClient(client: KurrentClient, database: string): EventStore {
  const subscriptions = new Set<Subscription>()
  const counters = memoryCounters()
  const { open, close } = storeLife(subscriptions)

  /** The server-side filter for a read: prefixes if any, else types, else "no system events". */
  const serverFilter = (prefixes: readonly string[], types: readonly string[]): Filter =>
    prefixes.length > 0
      ? streamNameFilter({ prefixes: [...prefixes] })
      : types.length > 0
        ? eventTypeFilter({ prefixes: [...types] })
        : excludeSystemEvents()

  const readStreamRaw = async (streamId: string, o: ReadStreamOptions): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = []
    const backwards = o.direction === 'backwards'
    try {
      for await (const r of client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: o.fromRevision ?? (backwards ? END : START),
        maxCount: o.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const e = toStored(r.event, r.commitPosition)
        if (e) out.push(e)
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return []
      throw err
    }
    return out
  }

  const lastOf = async (streamId: string) => (await readStreamRaw(streamId, { direction: 'backwards', maxCount: 1 }))[0]

  const readAll = async (readOptions?: ReadAllOptions): Promise<ReadAllPage> => {
    open()
    const o = normaliseReadAll(readOptions)
    const forwards = o.direction === 'forwards'
    const events: StoredEvent[] = []
    let more = false
    const fromPosition = forwards
      ? o.after === 0n
        ? START
        : toPosition(o.after)
      : o.before === null
        ? END
        : toPosition(o.before)
    // The server's filter is exact unless event types or a partition are asked for; then read unbounded and stop on
    // the client.
    // +2: the event at `after` itself (the server includes it) and one more to know whether another page exists.
    const exact = o.eventTypes.length === 0 && o.partition === null
    for await (const r of client.readAll({
      direction: forwards ? FORWARDS : BACKWARDS,
      fromPosition,
      filter: serverFilter(o.streamPrefixes, o.eventTypes),
      maxCount: exact ? o.maxCount + 2 : Number.MAX_SAFE_INTEGER,
    })) {
      const e = toStored(r.event, r.commitPosition)
      if (!e) continue
      if (e.position <= o.after) {
        if (forwards) continue
        break
      }
      if (o.before !== null && e.position >= o.before) {
        if (forwards) break
        continue
      }
      if (!matches(e, o.streamPrefixes, o.eventTypes, o.partition)) continue
      if (events.length === o.maxCount) {
        more = true
        break
      }
      events.push(e)
    }
    return { events, next: more ? events[events.length - 1]!.position : null }
  }

  const store: EventStore = {
    async append(streamId, events, expected) {
      open()
      const prepared = prepareAppend(streamId, expected, events)
      if (prepared.length === 0) {
        const last = await lastOf(streamId)
        checkExpected(streamId, expected, last?.revision ?? null)
        return { nextExpectedRevision: last?.revision ?? -1n, position: last?.position ?? 0n }
      }
      const data = prepared.map((p) => {
        const metadata = JSON.parse(p.metadata) as Record<string, Json>
        return jsonEvent({
          id: p.eventId,
          type: p.type,
          data: JSON.parse(p.data),
          metadata: { ...metadata, $schemaVersion: p.schemaVersion, $correlationId: metadata.correlationId ?? null },
        })
      })
      try {
        const r = await client.appendToStream(streamId, data, { streamState: mapExpected(expected) })
        let position = r.position?.commit
        if (position === undefined) position = (await lastOf(streamId))?.position ?? 0n
        return { nextExpectedRevision: r.nextExpectedRevision, position }
      } catch (err) {
        if (err instanceof WrongExpectedVersionError) {
          const actual = err.actualState
          // The client reports a missing stream as 'no_stream' (or -1n when decoded from gRPC metadata).
          throw new WrongExpectedVersion(streamId, expected, typeof actual === 'bigint' && actual >= 0n ? actual : null)
        }
        throw err
      }
    },

    async readStream(streamId, o = {}) {
      open()
      return readStreamRaw(streamId, o)
    },

    async streamRevision(streamId: string): Promise<bigint | null> {
      open()
      return (await lastOf(streamId))?.revision ?? null
    },

    readAll,
    // The client parses metadata with every event: nothing to skip.
    readAllData: readAll,

    iterateAll(o = {}) {
      return iterateViaReadAll(readAll, { maxCount: 5000, ...o })
    },

    subscribe(o, onEvent) {
      open()
      const onError = o.onError ?? ((err: unknown) => console.error('event-store subscription error:', err))
      const after = o.after ?? 0n
      const prefixes = o.streamPrefixes ?? []
      const types = o.eventTypes ?? []
      const subscription = client.subscribeToAll({
        fromPosition: after === 0n ? START : toPosition(after),
        filter: serverFilter(prefixes, types),
      })
      let stopped = false
      const loop = (async () => {
        try {
          for await (const r of subscription) {
            if (stopped) break
            const e = toStored(r.event, r.commitPosition)
            if (!e || e.position <= after || !matches(e, prefixes, types)) continue
            await onEvent(e)
          }
        } catch (err) {
          if (!stopped) onError(err)
        } finally {
          stopped = true
          await subscription.unsubscribe().catch(() => {})
        }
      })()
      const tracked: Subscription = {
        async close() {
          subscriptions.delete(tracked)
          stopped = true
          await subscription.unsubscribe().catch(() => {})
          await loop
        },
      }
      subscriptions.add(tracked)
      return tracked
    },

    async headPosition(): Promise<bigint> {
      open()
      for await (const r of client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        filter: excludeSystemEvents(),
      })) {
        const e = toStored(r.event, r.commitPosition)
        if (e) return e.position
      }
      return 0n
    },

    secrets: {
      async get(key: string) {
        open()
        try {
          for await (const r of client.readStream(SECRET_PREFIX + encodeURIComponent(key), {
            direction: BACKWARDS,
            fromRevision: END,
            maxCount: 1,
          })) {
            const e = r.event
            if (e?.type === SECRET_SET) return (e.data as { value: string }).value
            return null
          }
        } catch (err) {
          if (err instanceof StreamNotFoundError) return null
          throw err
        }
        return null
      },
      async put(key: string, value: string) {
        open()
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('Secret key must be a non-empty string')
        if (typeof value !== 'string') throw new TypeError('Secret value must be a string')
        const stream = SECRET_PREFIX + encodeURIComponent(key)
        const r = await client.appendToStream(stream, jsonEvent({ type: SECRET_SET, data: { value } }))
        if (r.nextExpectedRevision === 0n) await client.setStreamMetadata(stream, { maxCount: 1 })
      },
      async delete(key: string) {
        open()
        const stream = SECRET_PREFIX + encodeURIComponent(key)
        try {
          await client.appendToStream(stream, jsonEvent({ type: SECRET_DELETED, data: {} }), {
            streamState: STREAM_EXISTS,
          })
        } catch (err) {
          if (err instanceof WrongExpectedVersionError) return // never set: nothing to delete
          throw err
        }
      },
    },

    // KurrentDB has no atomic shared counter (a stream per counter would grow without end): each process counts for
    // itself, so with several instances on one KurrentDB the limits hold per instance (docs/operations.md).
    counters: guardedCounters(counters, open),

    async info() {
      open()
      return { kind: 'kurrentdb', database, sizeBytes: null }
    },

    close: () => close(() => client.dispose()),
  }
  return store
}
