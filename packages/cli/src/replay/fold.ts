/**
 * The whole-log fold behind `finance replay`: pages of stored events (any schema version) upcast and folded into one
 * `BooksState` per `books-` stream, the same fold the API uses. Used on the main thread and in replay workers, each
 * folding its own run of streams (`ReadStreamsOptions.streams`) or partition of the streams
 * (`ReadAllOptions.partition`), so a stream is always folded by one thread in its own order.
 *
 * Where the store can read the log stream by stream (`readStreamsEach`: SQLite, PostgreSQL, the memory store), each
 * user's books are finished (their digest taken when asked for) as soon as the next stream begins and then let go:
 * the fold holds one user's books at a time, however long the log. Otherwise (and for `--as-of`, which needs each event's
 * time) the log is read in commit order and every user's books are held to the end.
 */
import {
  type EventStore,
  eachOfLog,
  eachOfStreams,
  readAllPages,
  type StreamPartition,
  type StreamRange,
} from '@finance/event-store'
// The core's replay entry: a replay worker loads only the fold (no Schema library, no projections).
import {
  booksFolder,
  type BooksState,
  CURRENT_VERSIONS,
  type LedgerEvent,
  upcast,
  upcastOwned,
} from '@finance/ledger-core/replay'
import type { PartitionResult } from './protocol.ts'
// The digest is the books package's, so a backup, a restore and an import compare the same figure replay prints.
import { booksDigest, combineDigests } from '@finance/books/digest'

/** Events per page read from the store. */
const PAGE_SIZE = 5000

type Folder = ReturnType<typeof booksFolder>

/** What a fold has seen so far. */
export interface Tally {
  events: number
  applied: number
  /** The books being folded, by stream (a fold stream by stream keeps none here). */
  readonly folders: Map<string, Folder>
  readonly users: Set<string>
  /** The folder of the previous event's stream (consecutive events of one stream are the usual shape of a log). */
  folder: Folder | undefined
  folderStream: string
  /** Whether to keep a digest of each user's books. */
  readonly digest: boolean
  /** The streams a fold stream by stream has read, whose books it finished and let go (each may come only once). */
  readonly finished: Set<string>
  /** `[userId, digest]` of the books finished, when digests are asked for. */
  readonly digests: (readonly [string, string])[]
}

export const newTally = (digest: boolean): Tally => ({
  events: 0,
  applied: 0,
  folders: new Map(),
  users: new Set(),
  folder: undefined,
  folderStream: '',
  digest,
  finished: new Set(),
  digests: [],
})

/**
 * Every event type by name: the name as one shared (internalised) string, so that the fold's `switch` on it compares
 * by identity rather than character by character, and its current version.
 */
const KNOWN = new Map(Object.entries(CURRENT_VERSIONS).map(([type, version]) => [type, { type, version }]))

/**
 * Folds one stored event of any version into the books of its stream (or counts its user). `lift` upcasts an old
 * event: `upcastOwned` when the data was parsed for this fold alone (it then becomes the books' own), else `upcast`.
 */
const foldEvent = (
  t: Tally,
  streamId: string,
  type: string,
  schemaVersion: number,
  data: unknown,
  lift: typeof upcast,
): void => {
  t.applied++
  if (streamId !== t.folderStream || t.folder === undefined) {
    if (!streamId.startsWith('books-')) {
      if (streamId.startsWith('user-')) t.users.add(streamId)
      return
    }
    let folder = t.folders.get(streamId)
    if (!folder) {
      folder = booksFolder()
      t.folders.set(streamId, folder)
    }
    t.folder = folder
    t.folderStream = streamId
  }
  t.folder.push(eventOf(type, schemaVersion, data, lift))
}

/** A stored event of any version as the in-memory event (`foldEvent`'s `lift`). */
const eventOf = (type: string, schemaVersion: number, data: unknown, lift: typeof upcast): LedgerEvent => {
  // A stored event of the current version is the in-memory event as it is: no copy of its data.
  const known = KNOWN.get(type)
  return known?.version === schemaVersion
    ? ({ type: known.type, data } as LedgerEvent)
    : lift(known?.type ?? type, schemaVersion, data)
}

/** Finishes the books of the stream folded last (a fold stream by stream): its state, its digest, then lets it go. */
const finishStream = (t: Tally): void => {
  const folder = t.folder
  if (folder === undefined) return
  const books = folder.state()
  if (t.digest) t.digests.push([t.folderStream.slice('books-'.length), booksDigest(books)])
  t.folder = undefined
}

/** Folds one event of a read stream by stream: a new stream finishes the one before it. */
const foldStreamEvent = (t: Tally, streamId: string, type: string, schemaVersion: number, data: unknown): void => {
  t.applied++
  if (streamId !== t.folderStream) {
    finishStream(t)
    if (t.finished.has(streamId)) throw new Error(`the store handed over stream ${streamId} in two runs`)
    t.finished.add(streamId)
    t.folderStream = streamId
    if (streamId.startsWith('books-')) t.folder = booksFolder()
    else if (streamId.startsWith('user-')) t.users.add(streamId)
  }
  t.folder?.push(eventOf(type, schemaVersion, data, upcastOwned))
}

/**
 * Reads the log (or one run or partition of its streams) page by page and folds it; `onPage` after each page. Without a
 * limit only each event's stream, type, version and data are read (no metadata, no event objects): stream by stream
 * where the store can (`eachOfStreams`), else in commit order (`eachOfLog`); with one, whole events in commit order,
 * skipping those created after it.
 */
export const foldLog = async (
  store: EventStore,
  t: Tally,
  o: {
    /** Skip events created after this instant (ms), or null. */
    readonly limit: number | null
    /** One partition of the log's streams, read in commit order. */
    readonly partition?: StreamPartition | undefined
    /** One run of streams, read stream by stream (where the store can; every stream when neither is given). */
    readonly streams?: StreamRange | undefined
    /** Exclusive upper position: every thread of one replay reads the same snapshot of the log. */
    readonly before: bigint
  },
  onPage: (t: Tally) => void | Promise<void>,
): Promise<void> => {
  const options = {
    maxCount: PAGE_SIZE,
    before: o.before,
    ...(o.partition === undefined ? {} : { partition: o.partition }),
  }
  const limit = o.limit
  if (o.streams !== undefined || (limit === null && o.partition === undefined && store.readStreamsEach !== undefined)) {
    // Events read stream by stream carry no time: a run of streams is replayed whole.
    if (limit !== null) throw new TypeError('a replay up to a moment reads the log in commit order')
    // The visitor's data is parsed for this call alone (`EventVisitor`): the fold may complete it in place.
    await eachOfStreams(
      store,
      { before: o.before, ...(o.streams === undefined ? {} : { streams: o.streams }) },
      (streamId, type, schemaVersion, data) => foldStreamEvent(t, streamId, type, schemaVersion, data),
      (events) => {
        t.events += events
        return onPage(t)
      },
    )
    finishStream(t)
    return
  }
  if (limit === null) {
    await eachOfLog(
      store,
      options,
      // The visitor's data is parsed for this call alone (`EventVisitor`): the fold may complete it in place.
      (streamId, type, schemaVersion, data) => foldEvent(t, streamId, type, schemaVersion, data, upcastOwned),
      (events) => {
        t.events += events
        return onPage(t)
      },
    )
    return
  }
  for await (const page of readAllPages(store, options)) {
    for (const e of page)
      if (Date.parse(e.metadata.createdAt) <= limit) foldEvent(t, e.streamId, e.type, e.schemaVersion, e.data, upcast)
    t.events += page.length
    await onPage(t)
  }
}

/** A fold's totals (`index`: the run or partition it read, -1 for the whole log); per-user digests when asked for. */
export const summarise = (t: Tally, index: number): PartitionResult => {
  const books = booksOf(t)
  const finished = [...t.finished].filter((streamId) => streamId.startsWith('books-')).length
  return {
    index,
    events: t.events,
    applied: t.applied,
    books: books.size + finished,
    users: t.users.size,
    digests: t.digest ? [...t.digests, ...[...books].map(([user, b]) => [user, booksDigest(b)] as const)] : null,
  }
}

/** The folded books by user id. */
const booksOf = (t: Tally): Map<string, BooksState> => {
  const books = new Map<string, BooksState>()
  for (const [streamId, folder] of t.folders) books.set(streamId.slice('books-'.length), folder.state())
  return books
}

export { booksDigest, combineDigests }
