/**
 * `finance replay` on several threads: worker threads open the same SQLite file from `--data`, each folds its own
 * partition of the streams, and the totals and the books digest equal a single-threaded replay of the same log.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateHistory } from '../bench/generate.ts'
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
