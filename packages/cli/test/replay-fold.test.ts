/**
 * The replay's fold stream by stream (`readStreamsEach`) against the same fold in commit order: the same books, the
 * same digests and counts, on a log whose streams are interleaved event by event; and it holds one user's books at a
 * time where the fold in commit order holds every user's to the end.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  appendInOrder,
  createMemoryStore,
  type EventStore,
  type StoredEvent,
  type StreamRange,
  streamRanges,
} from '@finance/event-store'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateHistory } from '../bench/generate.ts'
import { combineDigests, foldLog, newTally, summarise, type Tally } from '../src/replay/fold.ts'

const USERS = 12
const EVENTS_PER_USER = 60

describe('the replay fold stream by stream', () => {
  let dir: string
  let store: EventStore
  beforeAll(async () => {
    const source = createMemoryStore()
    await generateHistory(source, { users: USERS, eventsPerUser: EVENTS_PER_USER, seed: 11 })
    const events: StoredEvent[] = []
    for (let page = await source.readAll({ maxCount: 10_000 }); ; ) {
      events.push(...page.events)
      if (page.next === null) break
      page = await source.readAll({ maxCount: 10_000, after: page.next })
    }
    // Every user's n-th event together: each stream spread over the whole log, as a live log's are.
    events.sort((a, b) =>
      a.revision === b.revision ? (a.streamId < b.streamId ? -1 : 1) : a.revision < b.revision ? -1 : 1,
    )
    dir = mkdtempSync(join(tmpdir(), 'finance-replay-fold-'))
    store = createSqliteStore({ file: join(dir, 'finance.sqlite'), synchronous: 'NORMAL' })
    await appendInOrder(store, events, { written: 0 }, 1)
  })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Folds `from` (one run of its streams when given), noting the most books it held between two pages. */
  const fold = async (from: EventStore, streams?: StreamRange) => {
    const tally = newTally(true)
    let held = 0
    await foldLog(from, tally, { limit: null, streams, before: (await from.headPosition()) + 1n }, (t: Tally) => {
      held = Math.max(held, t.folders.size)
    })
    return { result: summarise(tally, -1), held }
  }

  it('gives the books, digests and counts of the fold in commit order, holding none of them to the end', async () => {
    expect(store.readStreamsEach).toBeDefined()
    const head = (await store.readAll({ maxCount: 3 })).events.map((e) => e.streamId)
    expect(new Set(head).size).toBe(3)
    // The same store without its stream-by-stream read: the fold falls back to commit order.
    const inCommitOrder: EventStore = { ...store, readStreamsEach: undefined }
    const byStream = await fold(store)
    const byLog = await fold(inCommitOrder)
    expect(byStream.result.books).toBe(USERS)
    expect(byStream.result.users).toBe(USERS)
    expect(byStream.result.events).toBe(USERS * EVENTS_PER_USER)
    expect(byStream.result.applied).toBe(USERS * EVENTS_PER_USER)
    expect({ ...byStream.result, digests: null }).toEqual({ ...byLog.result, digests: null })
    expect(combineDigests(byStream.result.digests ?? [])).toBe(combineDigests(byLog.result.digests ?? []))
    expect(new Set(byStream.result.digests?.map(([user]) => user))).toEqual(
      new Set(byLog.result.digests?.map(([user]) => user)),
    )
    // Books finished as the next stream begins are let go; the fold in commit order holds every user's.
    expect(byStream.held).toBe(0)
    expect(byLog.held).toBe(USERS)
  })

  it('gives the same digests run of streams by run of streams', async () => {
    const whole = await fold(store)
    const ranges = streamRanges(await store.listStreams!({ before: (await store.headPosition()) + 1n }), 3)
    expect(ranges).toHaveLength(3)
    const parts = await Promise.all(ranges.map((streams) => fold(store, streams)))
    expect(parts.every((p) => p.result.events > 0)).toBe(true)
    expect(parts.reduce((n, p) => n + p.result.events, 0)).toBe(whole.result.events)
    expect(combineDigests(parts.flatMap((p) => p.result.digests ?? []))).toBe(
      combineDigests(whole.result.digests ?? []),
    )
  })

  it('refuses a store that hands a stream over twice', async () => {
    const twice: EventStore = {
      ...store,
      readStreamsEach: async (_o, visit) => {
        visit('books-a', 'MonthReset', 1, { month: '2025-01' })
        visit('books-b', 'MonthReset', 1, { month: '2025-01' })
        visit('books-a', 'MonthReset', 1, { month: '2025-02' })
        return null
      },
    }
    await expect(fold(twice)).rejects.toThrow(/books-a in two runs/)
  })

  it('replays a run of streams only whole, never up to a moment', async () => {
    const tally = newTally(false)
    await expect(
      foldLog(store, tally, { limit: Date.now(), streams: { after: null, upTo: null }, before: 1n }, () => {}),
    ).rejects.toThrow(/commit order/)
  })
})
