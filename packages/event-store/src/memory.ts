/**
 * The in-memory adapter: for unit tests and throwaway runs. Same semantics as the durable adapters (it passes the
 * same contract suite); events are kept serialised, so a reader never shares objects with a writer.
 */
import {
  AppendSignal,
  checkExpected,
  guardedCounters,
  iterateViaReadAll,
  matches,
  memoryCounters,
  normaliseBefore,
  normaliseReadAll,
  normaliseReadStreams,
  prepareAppend,
  trackedPollingSubscription,
  storeLife,
} from './common.ts'
import type { EventMetadata, EventStore, Json, ReadAllOptions, ReadAllPage, StoredEvent, Subscription } from './port.ts'

/** A stored event kept serialised: `data` and `metadata` as JSON text. */
interface Row extends Omit<StoredEvent, 'data' | 'metadata'> {
  /** Set when its stream was deleted: readers skip it, its position stays taken. */
  purged?: boolean
  readonly data: string
  readonly metadata: string
}

const toStored = (r: Row): StoredEvent => ({
  streamId: r.streamId,
  revision: r.revision,
  position: r.position,
  eventId: r.eventId,
  type: r.type,
  schemaVersion: r.schemaVersion,
  data: JSON.parse(r.data) as Json,
  metadata: JSON.parse(r.metadata) as EventMetadata,
})

export function createMemoryStore(): EventStore {
  /** log[i] has position i + 1. */
  const log: Row[] = []
  const streams = new Map<string, Row[]>()
  const secrets = new Map<string, string>()
  const counters = memoryCounters()
  const signal = new AppendSignal()
  const subscriptions = new Set<Subscription>()
  const { open, close } = storeLife(subscriptions)

  const readAll = async (options?: ReadAllOptions): Promise<ReadAllPage> => {
    open()
    const o = normaliseReadAll(options)
    const events: StoredEvent[] = []
    const lo = o.after // exclusive
    const hi = o.before === null ? BigInt(log.length) + 1n : o.before // exclusive
    if (o.direction === 'forwards') {
      for (let i = Number(lo); i < log.length && BigInt(i + 1) < hi; i++) {
        const r = log[i]!
        if (r.purged || !matches(r, o.streamPrefixes, o.eventTypes, o.partition)) continue
        if (events.length === o.maxCount) return { events, next: events[events.length - 1]!.position }
        events.push(toStored(r))
      }
    } else {
      for (let i = Math.min(log.length, Number(hi) - 1) - 1; i >= 0 && BigInt(i + 1) > lo; i--) {
        const r = log[i]!
        if (r.purged || !matches(r, o.streamPrefixes, o.eventTypes, o.partition)) continue
        if (events.length === o.maxCount) return { events, next: events[events.length - 1]!.position }
        events.push(toStored(r))
      }
    }
    return { events, next: null }
  }

  /** The ids of the streams with an event below `before`, in JavaScript's order of strings. */
  const idsBelow = (before: bigint): string[] =>
    [...streams]
      .filter(([, rows]) => rows.length > 0 && rows[0]!.position < before)
      .map(([id]) => id)
      .sort()

  const store: EventStore = {
    async append(streamId, events, expected) {
      open()
      const prepared = prepareAppend(streamId, expected, events)
      const rows = streams.get(streamId)
      const last = rows?.[rows.length - 1]
      const current = last ? last.revision : null
      checkExpected(streamId, expected, current)
      if (prepared.length === 0) return { nextExpectedRevision: current ?? -1n, position: last?.position ?? 0n }
      const target = rows ?? []
      let revision = current ?? -1n
      for (const p of prepared) {
        revision += 1n
        const row: Row = { streamId, revision, position: BigInt(log.length + 1), ...p }
        log.push(row)
        target.push(row)
      }
      if (!rows) streams.set(streamId, target)
      signal.emit()
      return { nextExpectedRevision: revision, position: BigInt(log.length) }
    },

    async readStream(streamId, options = {}) {
      open()
      const rows = streams.get(streamId) ?? []
      const max = options.maxCount ?? Number.POSITIVE_INFINITY
      const out: StoredEvent[] = []
      if ((options.direction ?? 'forwards') === 'forwards') {
        for (let i = Number(options.fromRevision ?? 0n); i < rows.length && out.length < max; i++) {
          out.push(toStored(rows[i]!))
        }
      } else {
        const start =
          options.fromRevision === undefined ? rows.length - 1 : Math.min(rows.length - 1, Number(options.fromRevision))
        for (let i = start; i >= 0 && out.length < max; i--) out.push(toStored(rows[i]!))
      }
      return out
    },

    async streamRevision(streamId: string): Promise<bigint | null> {
      open()
      const rows = streams.get(streamId)
      return rows && rows.length > 0 ? rows[rows.length - 1]!.revision : null
    },

    async deleteStreams(streamIds: readonly string[]): Promise<number> {
      open()
      let removed = 0
      for (const id of streamIds) {
        for (const row of streams.get(id) ?? []) row.purged = true
        removed += streams.get(id)?.length ?? 0
        streams.delete(id)
      }
      return removed
    },

    readAll,
    // The events are already in memory: nothing to skip.
    readAllData: readAll,

    async readStreamsEach(options, visit) {
      open()
      const o = normaliseReadStreams(options)
      const before = o.before ?? BigInt(log.length + 1)
      const { after: from, upTo } = o.streams
      // The store's order of ids is JavaScript's: the order `listStreams` gives.
      const ids = idsBelow(before).filter((id) => (from === null || id > from) && (upTo === null || id <= upTo))
      const after = o.after
      let at = after === null ? 0 : ids.findIndex((id) => id >= after.streamId)
      if (at === -1) return null
      let revision = after !== null && ids[at] === after.streamId ? BigInt(after.revision) : -1n
      for (let left = o.maxCount; at < ids.length; at++, revision = -1n) {
        const id = ids[at]!
        for (const r of streams.get(id)!) {
          if (r.revision <= revision || r.position >= before) continue
          visit(id, r.type, r.schemaVersion, JSON.parse(r.data) as Json)
          if (--left === 0) return { streamId: id, revision: Number(r.revision) }
        }
      }
      return null
    },

    async listStreams(options = {}) {
      open()
      return idsBelow(normaliseBefore(options.before) ?? BigInt(log.length + 1))
    },

    iterateAll(options?) {
      return iterateViaReadAll(readAll, options)
    },

    subscribe(options, onEvent) {
      open()
      return trackedPollingSubscription(readAll, signal, subscriptions, options, onEvent)
    },

    async headPosition(): Promise<bigint> {
      open()
      return BigInt(log.length)
    },

    secrets: {
      async get(key: string) {
        open()
        return secrets.get(key) ?? null
      },
      async put(key: string, value: string) {
        open()
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('Secret key must be a non-empty string')
        if (typeof value !== 'string') throw new TypeError('Secret value must be a string')
        secrets.set(key, value)
      },
      async delete(key: string) {
        open()
        secrets.delete(key)
      },
      async entries() {
        open()
        return [...secrets.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      },
    },

    counters: guardedCounters(counters, open),

    async info() {
      open()
      return { kind: 'memory', database: 'memory', sizeBytes: null }
    },

    close: () => close(),
  }
  return store
}
