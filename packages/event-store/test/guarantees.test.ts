/**
 * The guarantees the issue asks us to prove:
 * - optimistic concurrency: concurrent writers on one stream, every acknowledged append present exactly once, no
 *   revision gaps or duplicates (fast-check over random interleavings; real processes on one SQLite file; several
 *   pools on one PostgreSQL schema);
 * - global order: reading $all in pages of any size yields the same sequence as reading it at once;
 * - crash safety: a writer killed with SIGKILL loses no acknowledged event and leaves a sound SQLite file.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ev } from '../src/contract.ts'
import { createMemoryStore } from '../src/memory.ts'
import { type EventStore, type StoredEvent, WrongExpectedVersion } from '../src/port.ts'
import { createPostgresStore } from '../src/postgres.ts'
import { createSqliteStore } from '../src/sqlite.ts'

const here = dirname(fileURLToPath(import.meta.url))
const writerScript = join(here, 'fixtures', 'sqlite-writer.ts')
const DATABASE_URL = process.env.DATABASE_URL

interface Harness {
  store: EventStore
  cleanup(): Promise<void>
}

/** name, factory, fast-check runs (a fresh SQLite file per run costs a few ms more). */
const harnesses: [string, () => Promise<Harness>, number][] = [
  ['memory', async () => ({ store: createMemoryStore(), cleanup: async () => {} }), 100],
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'finance-prop-'))
      return {
        store: createSqliteStore({ file: join(dir, 'finance.sqlite'), synchronous: 'NORMAL' }),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
    25,
  ],
]

/** An acknowledged append: its event ids, the revision it returned, and the revision its writer had read. */
interface Ack {
  ids: string[]
  revision: bigint
  read: bigint | null
}

/** Checks a stream written by concurrent writers against what they were told was committed. */
function assertExactlyOnce(stored: readonly StoredEvent[], acked: Ack[]) {
  // No gaps, no duplicates: revisions are exactly 0..n-1.
  expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => BigInt(i)))
  // Every acknowledged event is there exactly once, and nothing else is.
  const ackedIds = acked.flatMap((a) => a.ids)
  expect(new Set(ackedIds).size).toBe(ackedIds.length)
  expect([...stored.map((e) => e.eventId)].sort()).toEqual([...ackedIds].sort())
  // Each batch is contiguous and ends at the revision its acknowledgement reported.
  const byId = new Map(stored.map((e) => [e.eventId, e.revision]))
  for (const a of acked) {
    const revisions = a.ids.map((id) => byId.get(id)!)
    expect(revisions).toEqual(revisions.map((_, i) => a.revision - BigInt(a.ids.length - 1 - i)))
    // No lost update: a batch lands right after the revision its writer read, never on top of a write it did not see.
    expect(revisions[0]).toBe((a.read ?? -1n) + 1n)
  }
}

describe.each(harnesses)('concurrent writers on one stream (%s, random interleavings)', (_name, make, numRuns) => {
  it('every acknowledged append is present exactly once, with no revision gaps or duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }), {
          minLength: 2,
          maxLength: 5,
        }),
        async (s, writers) => {
          const { store, cleanup } = await make()
          try {
            const stream = 'books-1'
            const read = s.scheduleFunction((id: string) => store.streamRevision(id))
            const append = s.scheduleFunction(store.append.bind(store))
            const acked: Ack[] = []
            let conflicts = 0
            const writer = async (w: number, batches: number[]) => {
              for (const size of batches) {
                for (;;) {
                  const revision = await read(stream)
                  const events = Array.from({ length: size }, () => ev('Written', { w }, { eventId: randomUUID() }))
                  try {
                    const r = await append(stream, events, revision ?? 'no_stream')
                    acked.push({ ids: events.map((e) => e.eventId!), revision: r.nextExpectedRevision, read: revision })
                    break
                  } catch (err) {
                    if (!(err instanceof WrongExpectedVersion)) throw err
                    conflicts++
                  }
                }
              }
            }
            await s.waitFor(Promise.all(writers.map((batches, w) => writer(w, batches))))
            const stored = await store.readStream(stream)
            expect(stored).toHaveLength(writers.flat().reduce((a, b) => a + b, 0))
            assertExactlyOnce(stored, acked)
            expect(conflicts).toBeGreaterThanOrEqual(0)
          } finally {
            await store.close()
            await cleanup()
          }
        },
      ),
      { numRuns },
    )
  }, 30_000)
})

/** Appends a random history, then checks paging against one big read. */
async function checkPaging(
  store: EventStore,
  prefix: string,
  history: [number, number][],
  pageSize: number,
  filter: number,
) {
  let i = 0
  for (const [stream, size] of history) {
    const events = Array.from({ length: size }, () => ev(`T${i % 3}`, { i: i++ }))
    await store.append(`${prefix}${stream % 2 === 0 ? 'books' : 'user'}-${stream}`, events, 'any')
  }
  const prefixes = filter === 1 ? [`${prefix}books-`] : [prefix]
  const eventTypes = filter === 2 ? ['T0', 'T2'] : undefined
  const once = (await store.readAll({ streamPrefixes: prefixes, eventTypes, maxCount: 100_000 })).events
  const forwards: StoredEvent[] = []
  let after = 0n
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize, streamPrefixes: prefixes, eventTypes })
    expect(page.events.length).toBeLessThanOrEqual(pageSize)
    forwards.push(...page.events)
    if (page.next === null) break
    after = page.next
  }
  expect(forwards).toEqual(once)
  const backwards: StoredEvent[] = []
  let before: bigint | undefined
  for (;;) {
    const page = await store.readAll({
      direction: 'backwards',
      before,
      maxCount: pageSize,
      streamPrefixes: prefixes,
      eventTypes,
    })
    backwards.push(...page.events)
    if (page.next === null) break
    before = page.next
  }
  expect(backwards).toEqual([...once].reverse())
  const iterated: StoredEvent[] = []
  for await (const e of store.iterateAll({ maxCount: pageSize, streamPrefixes: prefixes, eventTypes })) iterated.push(e)
  expect(iterated).toEqual(once)
  for (let k = 1; k < once.length; k++) expect(once[k]!.position > once[k - 1]!.position).toBe(true)
}

const pagingHarnesses: [string, () => Promise<Harness>][] = harnesses.map(([name, make]) => [name, make])
if (DATABASE_URL) {
  pagingHarnesses.push([
    'postgres',
    async () => {
      const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
      return {
        store: await createPostgresStore({ connectionString: DATABASE_URL, schema }),
        cleanup: () => dropSchema(schema),
      }
    },
  ])
}

async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  await client.end()
}

describe.each(pagingHarnesses)('global order (%s)', (_name, make) => {
  let h: Harness
  beforeAll(async () => {
    h = await make()
  })
  afterAll(async () => {
    await h.store.close()
    await h.cleanup()
  })

  it('reading $all in pages of any size, forwards or backwards, equals reading it at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 0,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 0, max: 2 }),
        async (history, pageSize, filter) => {
          await checkPaging(h.store, `p${randomUUID().slice(0, 8)}-`, history, pageSize, filter)
        },
      ),
      { numRuns: 40 },
    )
  }, 30_000)
})

/** Runs the writer script; resolves with its acknowledged appends once it exits. */
function runWriter(file: string, stream: string, count: number, id: string) {
  const child = spawn(process.execPath, [writerScript, file, stream, String(count), id], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const acks: { revision: bigint; eventId: string; read: bigint | null }[] = []
  let stderr = ''
  child.stderr!.on('data', (d) => {
    stderr += String(d)
  })
  const lines = createInterface({ input: child.stdout! })
  lines.on('line', (line) => {
    const [word, revision, eventId, read] = line.split(' ')
    if (word === 'ack')
      acks.push({ revision: BigInt(revision!), eventId: eventId!, read: read === 'none' ? null : BigInt(read!) })
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, acks, exited, stderr: () => stderr }
}

describe('SQLite with several processes on one file', () => {
  it('concurrent writer processes: every acknowledged append present exactly once, no gaps', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finance-multi-'))
    try {
      const file = join(dir, 'finance.sqlite')
      await createSqliteStore({ file }).close()
      const writers = Array.from({ length: 4 }, (_, i) => runWriter(file, 'books-shared', 40, `w${i}`))
      const codes = await Promise.all(writers.map((w) => w.exited))
      for (const [i, code] of codes.entries()) expect(code, writers[i]!.stderr()).toBe(0)
      const store = createSqliteStore({ file })
      const stored = await store.readStream('books-shared')
      expect(stored).toHaveLength(160)
      assertExactlyOnce(
        stored,
        writers.flatMap((w) => w.acks.map((a) => ({ ids: [a.eventId], revision: a.revision, read: a.read }))),
      )
      const all = (await store.readAll({ maxCount: 1000 })).events
      expect(all.map((e) => e.position)).toEqual(all.map((_, i) => BigInt(i + 1)))
      await store.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('SQLite crash safety', () => {
  it('a writer killed with SIGKILL loses no acknowledged event and leaves a sound file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finance-crash-'))
    let child: ChildProcess | undefined
    try {
      const file = join(dir, 'finance.sqlite')
      const w = runWriter(file, 'books-crash', 0, 'crash')
      child = w.child
      const start = Date.now()
      while (w.acks.length < 300) {
        if (Date.now() - start > 40_000) throw new Error(`only ${w.acks.length} acks in 40 s: ${w.stderr()}`)
        await new Promise((r) => setTimeout(r, 5))
      }
      child.kill('SIGKILL')
      await w.exited
      const acked = [...w.acks]
      expect(acked.length).toBeGreaterThanOrEqual(300)

      const db = new DatabaseSync(file)
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      db.close()
      const store = createSqliteStore({ file })
      const stored = await store.readStream('books-crash')
      // Everything acknowledged is there, at the acknowledged revision; at most the one in-flight append is extra.
      const byRevision = new Map(stored.map((e) => [e.revision, e.eventId]))
      for (const a of acked) expect(byRevision.get(a.revision)).toBe(a.eventId)
      expect(stored.length - acked.length).toBeLessThanOrEqual(1)
      expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => BigInt(i)))
      await store.close()
    } finally {
      child?.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe.runIf(DATABASE_URL)('PostgreSQL with several pools on one schema', () => {
  it('concurrent writers: exactly once, no gaps; a concurrent catch-up reader misses nothing', async () => {
    const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    const stores = await Promise.all(
      Array.from({ length: 4 }, () =>
        createPostgresStore({ connectionString: DATABASE_URL!, schema, maxConnections: 3 }),
      ),
    )
    const reader = await createPostgresStore({ connectionString: DATABASE_URL!, schema, maxConnections: 1 })
    try {
      const seen: StoredEvent[] = []
      // A separate pool polls $all while the writers run: with positions allocated in commit order it never skips.
      const sub = reader.subscribe({ pollMs: 1 }, (e) => {
        seen.push(e)
      })
      const acked: Ack[] = []
      const writer = async (store: EventStore, w: number) => {
        for (let k = 0; k < 25; k++) {
          // Half the traffic contends on one stream, half goes to the writer's own stream.
          const stream = k % 2 === 0 ? 'books-shared' : `books-${w}`
          for (;;) {
            const revision = await store.streamRevision(stream)
            const events = Array.from({ length: 1 + (k % 3) }, () => ev('Written', { w, k }, { eventId: randomUUID() }))
            try {
              const r = await store.append(stream, events, revision ?? 'no_stream')
              if (stream === 'books-shared') {
                acked.push({ ids: events.map((e) => e.eventId!), revision: r.nextExpectedRevision, read: revision })
              }
              break
            } catch (err) {
              if (!(err instanceof WrongExpectedVersion)) throw err
            }
          }
        }
      }
      await Promise.all(stores.map((s, w) => writer(s, w)))
      assertExactlyOnce(await stores[0]!.readStream('books-shared'), acked)
      const all = (await stores[1]!.readAll({ maxCount: 100_000 })).events
      expect(all.map((e) => e.position)).toEqual(all.map((_, i) => BigInt(i + 1)))
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(all.length)
      await sub.close()
      expect(seen.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId))
    } finally {
      await Promise.all([...stores, reader].map((s) => s.close()))
      await dropSchema(schema)
    }
  }, 60_000)
})
