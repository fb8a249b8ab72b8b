/**
 * The replay digest: one SHA-256 over every user's books as the fold computes them, the same for the same log
 * whatever the store, the thread count or the machine. `finance replay --digest` prints it, a backup records it and
 * a restore or an import compares it, so "the books came back identical" is one line to compare.
 *
 * Light on purpose (the core's replay entry, no Schema library, no projections): replay worker threads load it.
 */
import { createHash } from 'node:crypto'
import { type EventStore, readAllDataPages } from '@finance/event-store'
import {
  booksFolder,
  type BooksState,
  canonicalJson,
  CURRENT_VERSIONS,
  isLedgerEventType,
  type LedgerEvent,
  upcast,
} from '@finance/ledger-core/replay'

/** Orders entries by their key (first element). */
const byFirst = <K extends string | number>(a: readonly [K, unknown], b: readonly [K, unknown]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0

const byKey = <K extends string | number, V>(m: ReadonlyMap<K, V>): V[] =>
  [...m.entries()].sort(byFirst).map((e) => e[1])

/**
 * SHA-256 of one user's books in a canonical form: records, manual transactions and the user's transaction flags,
 * by key (rows shown are derived from these, so they are not part of the books).
 */
export const booksDigest = (b: BooksState): string =>
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
        // VAT refunds asked for, by month, when there are any (the same rule: earlier books keep their digest).
        ...(b.vatRefunds && b.vatRefunds.size > 0 ? { vatRefunds: [...b.vatRefunds].sort(byFirst) } : {}),
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

export interface StoreDigest {
  /** The combined digest (`combineDigests`). */
  readonly digest: string
  /** Events read (all streams, up to `before`). */
  readonly events: number
  /** Users with books. */
  readonly books: number
}

/**
 * The replay digest of a store, on one thread: every `books-` stream (or only those of `userIds`) up to `before`
 * (exclusive; default: the head at the start, so writes that go on meanwhile are not folded half).
 */
export async function storeDigest(
  store: EventStore,
  options: { readonly before?: bigint; readonly userIds?: readonly string[] } = {},
): Promise<StoreDigest> {
  const before = options.before ?? (await store.headPosition()) + 1n
  const prefixes = options.userIds?.map((u) => `books-${u}`) ?? ['books-']
  const folders = new Map<string, ReturnType<typeof booksFolder>>()
  let events = 0
  for await (const page of readAllDataPages(store, { maxCount: 5000, before, streamPrefixes: prefixes })) {
    for (const e of page) {
      events++
      let folder = folders.get(e.streamId)
      if (!folder) {
        folder = booksFolder()
        folders.set(e.streamId, folder)
      }
      folder.push(
        isLedgerEventType(e.type) && CURRENT_VERSIONS[e.type] === e.schemaVersion
          ? (e as unknown as LedgerEvent)
          : upcast(e.type, e.schemaVersion, e.data),
      )
    }
  }
  const perUser = [...folders].map(([stream, f]) => [stream.slice('books-'.length), booksDigest(f.state())] as const)
  return { digest: combineDigests(perUser), events, books: folders.size }
}
