/**
 * A history moved out of or into a store. One stored event as a JSON line, the form every export of the history uses (`finance export`, a user's own data):
 * keys in a fixed order (streamId, revision, position, eventId, type, schemaVersion, data, metadata), object keys
 * inside data and metadata sorted, bigints as decimal strings. The same history always gives the same bytes.
 */
import type { EventStore, Json, NewEvent, StoredEvent } from './port.ts'

/** Deep copy with object keys sorted (arrays keep their order). */
export const sortedKeys = (value: Json): Json => {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {}
    for (const key of Object.keys(value).sort()) {
      const v = value[key]
      if (v !== undefined) out[key] = sortedKeys(v)
    }
    return out
  }
  return value
}

/** One export line (without the trailing newline). */
export const eventToLine = (e: StoredEvent): string =>
  JSON.stringify({
    streamId: e.streamId,
    revision: e.revision.toString(),
    position: e.position.toString(),
    eventId: e.eventId,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: sortedKeys(e.data),
    metadata: sortedKeys(e.metadata as unknown as Json),
  })

/** How many events `appendInOrder` has written so far: readable after it throws, to say how far it got. */
export interface AppendProgress {
  written: number
}

/**
 * Appends `events` (in commit order) to `to`, keeping ids, metadata and revisions: consecutive events of one stream
 * go in one append (at most `batchSize` events) with the revision they had. Returns the number written.
 */
export async function appendInOrder(
  to: EventStore,
  events: AsyncIterable<StoredEvent> | Iterable<StoredEvent>,
  progress: AppendProgress = { written: 0 },
  batchSize = 1000,
): Promise<number> {
  let streamId = ''
  let firstRevision = 0n
  let batch: NewEvent[] = []
  const flush = async () => {
    if (batch.length === 0) return
    await to.append(streamId, batch, firstRevision === 0n ? 'no_stream' : firstRevision - 1n)
    progress.written += batch.length
    batch = []
  }
  for await (const e of events) {
    if (e.streamId !== streamId || batch.length >= batchSize) {
      await flush()
      streamId = e.streamId
      firstRevision = e.revision
    }
    batch.push({
      eventId: e.eventId,
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
      metadata: e.metadata,
    })
  }
  await flush()
  return progress.written
}
