/**
 * The whole-log fold behind `finance replay`: pages of stored events (any schema version) upcast and folded into one
 * `BooksState` per `books-` stream, the same fold the API uses. Used on the main thread and in replay workers, each
 * folding its own partition of the streams (`ReadAllOptions.partition`), so a stream is always folded by one thread
 * in its own order.
 */
import {
  type EventStore,
  readAllDataPages,
  readAllPages,
  type StoredEvent,
  type StoredEventData,
  type StreamPartition,
} from '@finance/event-store'
// The core's replay entry: a replay worker loads only the fold (no Schema library, no projections).
import {
  booksFolder,
  type BooksState,
  canonicalJson,
  CURRENT_VERSIONS,
  isLedgerEventType,
  type LedgerEvent,
  upcast,
} from '@finance/ledger-core/replay'
import type { PartitionResult } from './protocol.ts'
import { createHash } from 'node:crypto'

/** Events per page read from the store. */
const PAGE_SIZE = 5000

type Folder = ReturnType<typeof booksFolder>

/** What a fold has seen so far. */
export interface Tally {
  events: number
  applied: number
  readonly folders: Map<string, Folder>
  readonly users: Set<string>
  /** The folder of the previous event's stream (consecutive events of one stream are the usual shape of a log). */
  folder: Folder | undefined
  folderStream: string
}

export const newTally = (): Tally => ({
  events: 0,
  applied: 0,
  folders: new Map(),
  users: new Set(),
  folder: undefined,
  folderStream: '',
})

/**
 * Folds one page synchronously (no promise per event). `limit`: skip events created after it (ms), or null; with a
 * limit the page must hold whole events (`StoredEvent`, with metadata).
 */
const foldPage = (t: Tally, page: readonly StoredEventData[], limit: number | null): void => {
  for (let i = 0; i < page.length; i++) {
    const e = page[i]!
    if (limit !== null && Date.parse((e as StoredEvent).metadata.createdAt) > limit) continue
    t.applied++
    const streamId = e.streamId
    if (streamId !== t.folderStream || t.folder === undefined) {
      if (!streamId.startsWith('books-')) {
        if (streamId.startsWith('user-')) t.users.add(streamId)
        continue
      }
      let folder = t.folders.get(streamId)
      if (!folder) {
        folder = booksFolder()
        t.folders.set(streamId, folder)
      }
      t.folder = folder
      t.folderStream = streamId
    }
    // A stored event of the current version already has the in-memory shape `{ type, data }`: no copy.
    t.folder.push(
      isLedgerEventType(e.type) && CURRENT_VERSIONS[e.type] === e.schemaVersion
        ? (e as unknown as LedgerEvent)
        : upcast(e.type, e.schemaVersion, e.data),
    )
  }
  t.events += page.length
}

/**
 * Reads the log (or one partition of its streams) page by page and folds it; `onPage` after each page. Without a
 * limit the events are read without metadata, which the fold does not need (a sixth of the reading cost).
 */
export const foldLog = async (
  store: EventStore,
  t: Tally,
  o: {
    readonly limit: number | null
    readonly partition: StreamPartition | undefined
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
  const pages = o.limit === null ? readAllDataPages(store, options) : readAllPages(store, options)
  for await (const page of pages) {
    foldPage(t, page, o.limit)
    await onPage(t)
  }
}

/** A fold's totals (`index`: the partition it read, -1 for the whole log); per-user digests when asked for. */
export const summarise = (t: Tally, index: number, digest: boolean): PartitionResult => {
  const books = booksOf(t)
  return {
    index,
    events: t.events,
    applied: t.applied,
    books: books.size,
    users: t.users.size,
    digests: digest ? [...books].map(([user, b]) => [user, booksDigest(b)] as const) : null,
  }
}

/** The folded books by user id. */
const booksOf = (t: Tally): Map<string, BooksState> => {
  const books = new Map<string, BooksState>()
  for (const [streamId, folder] of t.folders) books.set(streamId.slice('books-'.length), folder.state())
  return books
}

/** Orders entries by their key (first element). */
const byFirst = <K extends string | number>(a: readonly [K, unknown], b: readonly [K, unknown]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0

const byKey = <K extends string | number, V>(m: ReadonlyMap<K, V>): V[] =>
  [...m.entries()].sort(byFirst).map((e) => e[1])

/**
 * SHA-256 of one user's books in a canonical form: records, manual transactions and the user's transaction flags,
 * by key (rows shown are derived from these, so they are not part of the books).
 */
const booksDigest = (b: BooksState): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        nextId: b.nextId,
        eventCount: b.eventCount,
        records: byKey(b.records),
        manual: byKey(b.manual),
        flags: byKey(b.flags),
        // The register of fixed assets, when there is one (books without it keep their earlier digest).
        ...(b.assets.size > 0 ? { assets: byKey(b.assets) } : {}),
        ...(b.inventories.size > 0 ? { inventories: byKey(b.inventories) } : {}),
      }),
    )
    .digest('hex')

/**
 * One digest of every user's books: SHA-256 over `userId digest` lines in user-id order. The same log gives the same
 * digest whatever the store, the thread count or the machine, so two replays can be compared by one line.
 */
export const combineDigests = (perUser: Iterable<readonly [string, string]>): string => {
  const hash = createHash('sha256')
  for (const [user, digest] of [...perUser].sort(byFirst)) hash.update(`${user} ${digest}\n`)
  return hash.digest('hex')
}
