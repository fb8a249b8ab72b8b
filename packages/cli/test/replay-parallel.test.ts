/**
 * `finance replay` on several threads: worker threads open the same SQLite file from `--data`, each folds its own
 * partition of the streams, and the totals and the books digest equal a single-threaded replay of the same log.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { backupSqliteFile, createSqliteStore } from '@finance/event-store/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateHistory } from '../bench/generate.ts'
import { partitionPlan } from '../src/replay/parallel.ts'
import { defaultThreads, prewarmReplay, takeWorkers } from '../src/replay/prewarm.ts'
import { closeQueue, sharedQueue, takePartition } from '../src/replay/protocol.ts'
import { run } from './helpers.ts'

interface Stats {
  events: number
  applied: number
  booksStreams: number
  userStreams: number
  threads: number
  digest: string | null
}

/** The figures a replay must reproduce (not its timings). */
const stats = (stdout: string): Stats => {
  const { events, applied, booksStreams, userStreams, threads, digest } = JSON.parse(stdout) as Stats
  return { events, applied, booksStreams, userStreams, threads, digest }
}

describe('finance replay --threads', () => {
  let dir: string
  let store: EventStore
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'finance-replay-parallel-'))
    store = createSqliteStore({ file: join(dir, 'finance.sqlite') })
    await generateHistory(store, { users: 24, eventsPerUser: 80, seed: 7 })
  })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const replay = async (...args: string[]) => {
    const r = await run(['replay', '--json', '--digest', '--data', dir, ...args])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    return stats(r.stdout)
  }

  it('folds to the same books on 1, 2 and 3 threads', async () => {
    const one = await replay('--threads', '1')
    expect(one).toMatchObject({ events: 24 * 80, applied: 24 * 80, booksStreams: 24, userStreams: 24, threads: 1 })
    expect(one.digest).toMatch(/^[0-9a-f]{64}$/)
    for (const threads of [2, 3]) {
      const many = await replay('--threads', String(threads))
      expect(many).toEqual({ ...one, threads })
    }
  })

  it('replays a file written before the partition key to the same digests once it migrates in place', async () => {
    const current = await replay('--threads', '2')
    const older = mkdtempSync(join(tmpdir(), 'finance-replay-older-'))
    try {
      const file = join(older, 'finance.sqlite')
      await backupSqliteFile(join(dir, 'finance.sqlite'), file)
      // Back to the schema before the partition key (migration 3), events kept.
      const db = new DatabaseSync(file)
      db.exec(`DROP INDEX events_partition; ALTER TABLE events DROP COLUMN partition_key;
        DELETE FROM schema_migrations WHERE version = 3`)
      db.close()
      const r = await run(['replay', '--json', '--digest', '--data', older, '--threads', '2'])
      expect(r.code).toBe(0)
      expect(stats(r.stdout)).toEqual(current)
      const migrated = new DatabaseSync(file, { readOnly: true })
      expect(migrated.prepare('SELECT count(partition_key) AS n FROM events').get()).toEqual({ n: current.events })
      migrated.close()
      const one = await run(['replay', '--json', '--digest', '--data', older, '--threads', '1'])
      expect(stats(one.stdout)).toEqual({ ...current, threads: 1 })
    } finally {
      rmSync(older, { recursive: true, force: true })
    }
  })

  it('folds on the workers started with the process, to the same books', async () => {
    const one = await replay('--threads', '1')
    expect(prewarmReplay(['replay', '--data', dir])).toBe(defaultThreads() - 1)
    // Told its thread count, the replay takes the workers started early and starts only those still missing.
    expect(await replay('--threads', '3')).toEqual({ ...one, threads: 3 })
    expect(takeWorkers(4)).toEqual([])
  })

  it('starts workers early only for a whole-log replay that leaves the thread count to it', () => {
    for (const argv of [
      ['report'],
      ['replay', '--threads', '2'],
      ['replay', '--threads=2'],
      ['replay', '--user', 'anna@example.com'],
      ['replay', '--help'],
    ])
      expect(prewarmReplay(argv)).toBe(0)
    expect(takeWorkers(4)).toEqual([])
  })

  it('ends the workers started early when the replay folds on one thread', async () => {
    const started = prewarmReplay(['replay'])
    await replay('--threads', '1')
    expect(takeWorkers(started)).toEqual([])
  })

  it('stops at --as-of the same way on several threads', async () => {
    const asOf = ['--as-of', '2025-01-01T08:15:00.000Z']
    const one = await replay('--threads', '1', ...asOf)
    const two = await replay('--threads', '2', ...asOf)
    expect(one.applied).toBeGreaterThan(0)
    expect(one.applied).toBeLessThan(one.events)
    expect(two).toEqual({ ...one, threads: 2 })
  })

  it('gives another digest once the books change', async () => {
    const before = await replay('--threads', '2')
    const [books] = (await store.readAll({ streamPrefixes: ['books-'], maxCount: 1 })).events
    await store.append(
      books!.streamId,
      [{ type: 'MonthReset', schemaVersion: 1, data: { month: '2025-01' }, metadata: books!.metadata }],
      'any',
    )
    const after = await replay('--threads', '2')
    expect(after.events).toBe(before.events + 1)
    expect(after.digest).not.toBe(before.digest)
    expect(await replay('--threads', '1')).toEqual({ ...after, threads: 1 })
  })

  it('reports a worker that cannot fold its partition, and ends', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'finance-replay-bad-'))
    const s = createSqliteStore({ file: join(bad, 'finance.sqlite') })
    try {
      // Streams ending in every hex digit, so that each of the threads gets some; one event of an unknown version.
      for (const h of '0123456789abcdef')
        await s.append(
          `books-u${h}`,
          [{ type: 'MonthReset', schemaVersion: 1, data: { month: '2025-01' }, metadata: meta }],
          'any',
        )
      await s.append('books-u7', [{ type: 'ItemAdded', schemaVersion: 9, data: {}, metadata: meta }], 'any')
      for (const threads of ['1', '2', '3']) {
        const r = await run(['replay', '--data', bad, '--threads', threads])
        expect(r.code).toBe(1)
        expect(r.stderr).toMatch(/ItemAdded/)
        expect(r.stdout).toBe('')
      }
    } finally {
      await s.close()
      rmSync(bad, { recursive: true, force: true })
    }
  })

  it('refuses several threads over a store handed in (other threads cannot open it)', async () => {
    const r = await run(['replay', '--threads', '2', '--lang', 'en'], { store: createMemoryStore() })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/--threads above 1 needs a store other threads can open/)
    expect((await run(['replay', '--threads', '0'])).code).toBe(2)
    expect((await run(['replay', '--threads', 'many'])).code).toBe(2)
  })
})

const meta = { userId: 'u', correlationId: 'c', createdAt: '2025-01-01T00:00:00.000Z' }

describe('partitionPlan', () => {
  it('gives each stored partition key a partition of its own when the store tells its keys', () => {
    const hex = [...'0123456789abcdef'].map((h) => h.charCodeAt(0))
    const plan = partitionPlan(hex, 2)
    // 16, 17 and 18 each divide a difference of two codes ('a' − '1' = 48, 'c' − '0' = 51, 'f' − '0' = 54), so
    // they put two digits in one partition; 19 is the smallest count that separates all 16.
    expect(plan.count).toBe(19)
    expect(plan.indexes).toEqual(hex.map((k) => k % 19))
    expect(new Set(plan.indexes).size).toBe(16)
    expect(partitionPlan([48, 49], 4)).toEqual({ count: 4, indexes: [0, 1] })
    expect(partitionPlan([], 2)).toEqual({ count: 2, indexes: [] })
  })

  it('hands each partition of the shared queue out once, and nothing once closed', () => {
    const queue = sharedQueue([3, 0, 7])
    expect(queue.buffer).toBeInstanceOf(SharedArrayBuffer)
    expect([takePartition(queue), takePartition(queue), takePartition(queue)]).toEqual([3, 0, 7])
    expect(takePartition(queue)).toBeUndefined()
    const closed = sharedQueue([1, 2])
    expect(takePartition(closed)).toBe(1)
    closeQueue(closed)
    expect(takePartition(closed)).toBeUndefined()
  })

  it('falls back to one filtered partition per thread', () => {
    expect(partitionPlan(undefined, 3)).toEqual({ count: 3, indexes: [0, 1, 2] })
    const tooMany = Array.from({ length: 1025 }, (_, i) => i)
    expect(partitionPlan(tooMany, 2)).toEqual({ count: 2, indexes: [0, 1] })
  })
})
