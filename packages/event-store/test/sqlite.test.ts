import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { describeEventStoreContract, ev } from '../src/contract.ts'
import { type StoredEvent, StoreNotFound } from '../src/port.ts'
import { streamPartition } from '../src/common.ts'
import { createSqliteStore, migrateSqlite, SQLITE_MIGRATIONS } from '../src/sqlite.ts'

const tempDir = () => mkdtempSync(join(tmpdir(), 'finance-sqlite-'))

/** Runs `test` in a fresh temporary directory, removed after it whether it passes or fails. */
const inTempDir = async (test: (dir: string) => Promise<void>): Promise<void> => {
  const dir = tempDir()
  try {
    await test(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Runs `fn` with the path of a store file in a new temporary directory, removed afterwards. */
const inTempFile = (fn: (file: string) => Promise<void>) => inTempDir((dir) => fn(join(dir, 'finance.sqlite')))

describeEventStoreContract(
  'sqlite',
  async () => {
    const dir = tempDir()
    return {
      store: createSqliteStore({ file: join(dir, 'finance.sqlite') }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
  { kind: 'sqlite' },
)

// The same contract with the appends committed by the writer thread.
describeEventStoreContract(
  'sqlite, writer thread',
  async () => {
    const dir = tempDir()
    return {
      store: createSqliteStore({ file: join(dir, 'finance.sqlite'), writer: 'thread' }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
  { kind: 'sqlite' },
)

describe('SQLite adapter specifics', () => {
  it('two stores with writer threads on one file keep every append and refuse a stale revision', async () => {
    const dir = tempDir()
    const file = join(dir, 'finance.sqlite')
    const a = createSqliteStore({ file, writer: 'thread' })
    const b = createSqliteStore({ file, writer: 'thread' })
    try {
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).append('s-1', [ev(`E${i}`)], 'any')))
      const events = await a.readStream('s-1')
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i)))
      expect(new Set(events.map((e) => e.type)).size).toBe(40)
      // Both decide on revision 39: one append wins, the other is told the actual revision.
      const results = await Promise.allSettled([a.append('s-1', [ev('X')], 39n), b.append('s-1', [ev('Y')], 39n)])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({
        reason: { name: 'WrongExpectedVersion', actual: 40n },
      })
      expect(await b.streamRevision('s-1')).toBe(40n)
    } finally {
      await a.close()
      await b.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('with the writer thread, an append waiting for the write lock leaves this thread free', async () => {
    const dir = tempDir()
    const file = join(dir, 'finance.sqlite')
    const store = createSqliteStore({ file, writer: 'thread', busyTimeoutMs: 60_000 })
    try {
      await store.append('s-1', [ev('A')], 'no_stream')
      // Another connection holds the write lock: the append waits for it on the writer thread, and this thread goes
      // on to release it (on the main thread's connection the append would wait here and the lock never be freed).
      const holder = new DatabaseSync(file)
      holder.exec('BEGIN IMMEDIATE')
      const appended = store.append('s-1', [ev('B')], 0n)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await store.streamRevision('s-1')).toBe(0n)
      holder.exec('ROLLBACK')
      holder.close()
      expect(await appended).toEqual({ nextExpectedRevision: 1n, position: 2n })
      expect((await store.readStream('s-1')).map((e) => e.type)).toEqual(['A', 'B'])
      await expect(store.append('s-1', [ev('C')], 0n)).rejects.toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 1n,
      })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('with create: false opens an existing file and creates nothing when it is missing', async () => {
    await inTempDir(async (dir) => {
      const file = join(dir, 'data', 'finance.sqlite')
      expect(() => createSqliteStore({ file, create: false })).toThrow(StoreNotFound)
      expect(existsSync(join(dir, 'data'))).toBe(false)
      const created = createSqliteStore({ file })
      await created.append('s-1', [ev('A')], 'no_stream')
      await created.close()
      const opened = createSqliteStore({ file, create: false })
      expect(await opened.headPosition()).toBe(1n)
      await opened.close()
    })
  })

  it('keeps the database (password hashes inside) owner-only: files 0600, a directory it creates 0700', async () => {
    const dir = tempDir()
    const umask = process.umask(0o022)
    try {
      const file = join(dir, 'data', 'finance.sqlite')
      const store = createSqliteStore({ file })
      await store.append('s-1', [ev('A')], 'no_stream')
      const mode = (path: string) => statSync(path).mode & 0o777
      expect(mode(join(dir, 'data'))).toBe(0o700)
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600)
      await store.close()
      // A file an older version left world-readable is tightened when it is opened.
      const old = join(dir, 'old.sqlite')
      writeFileSync(old, '')
      chmodSync(old, 0o644)
      const reopened = createSqliteStore({ file: old })
      expect(mode(old)).toBe(0o600)
      await reopened.close()
    } finally {
      process.umask(umask)
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('creates the directory, uses WAL and synchronous=FULL, and reports the real file size', async () => {
    await inTempDir(async (dir) => {
      const file = join(dir, 'nested', 'deeper', 'finance.sqlite')
      const store = createSqliteStore({ file })
      const before = (await store.info()).sizeBytes!
      await store.append(
        's-1',
        Array.from({ length: 200 }, (_, i) => ev('A', { text: 'x'.repeat(500), i })),
        'no_stream',
      )
      const info = await store.info()
      expect(info).toMatchObject({ kind: 'sqlite', database: 'finance.sqlite' })
      expect(info.sizeBytes!).toBeGreaterThan(before + 100_000)
      await store.close()
      const db = new DatabaseSync(file, { readOnly: true })
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
      db.close()
    })
  })

  it('records migrations once and refuses a schema newer than the code', async () => {
    await inTempDir(async (dir) => {
      const file = join(dir, 'finance.sqlite')
      await createSqliteStore({ file }).close()
      await createSqliteStore({ file }).close()
      const db = new DatabaseSync(file)
      const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()
      expect(rows.map((r) => ({ ...r }))).toEqual(SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
      expect(migrateSqlite(db)).toEqual([])
      const next = [...SQLITE_MIGRATIONS, { version: 99, name: 'future', sql: 'CREATE TABLE future (x INTEGER)' }]
      expect(migrateSqlite(db, next)).toEqual([99])
      db.close()
      expect(() => createSqliteStore({ file })).toThrow(/schema is at version 99/)
    })
  })

  it('migrates a file written before the partition key in place; partitioned reads answer as the filter does', () =>
    inTempFile(async (file) => {
      // The schema as it shipped before the partition key, and events written into it.
      const old = new DatabaseSync(file)
      migrateSqlite(
        old,
        SQLITE_MIGRATIONS.filter((m) => m.version <= 2),
      )
      const insert = old.prepare(
        `INSERT INTO events (stream_id, revision, event_id, type, schema_version, data, metadata)
         VALUES (?, ?, ?, 'T', 1, ?, '{}')`,
      )
      const ids = [...'0123456789abcdef'].map((h) => `books-u${h}`).concat(['user-ż', 'user-😀', 'x-A'])
      for (let i = 0; i < 120; i++)
        insert.run(ids[(i * 7) % ids.length]!, Math.floor(i / ids.length), `e${i}`, `{"i":${i}}`)
      old.close()

      const store = createSqliteStore({ file })
      try {
        const all = (await store.readAll({ maxCount: 1000 })).events
        expect(all).toHaveLength(120)
        const codes = [...new Set(ids.map((id) => id.codePointAt(id.length - (id.endsWith('😀') ? 2 : 1))!))]
        expect(await store.partitionKeys?.()).toEqual(codes.sort((a, b) => a - b))
        // Counts where each partition holds one key (read from the index) and where some hold several (filtered).
        for (const count of [2, 3, 16, 64, 200, 1024])
          for (let index = 0; index < count; index++) {
            const expected = all.filter((e) => streamPartition(e.streamId, count) === index)
            const partition = { count, index }
            const forwards: StoredEvent[] = []
            for await (const e of store.iterateAll({ partition, maxCount: 7 })) forwards.push(e)
            expect(forwards).toEqual(expected)
            const backwards = await store.readAll({ partition, direction: 'backwards', maxCount: 1000 })
            expect(backwards.events).toEqual(expected.toReversed())
          }
      } finally {
        await store.close()
      }
      const db = new DatabaseSync(file)
      expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: 3 })
      db.close()
    }))

  it('sees appends made through another connection to the same file', async () => {
    await inTempDir(async (dir) => {
      const file = join(dir, 'finance.sqlite')
      const a = createSqliteStore({ file })
      const b = createSqliteStore({ file, synchronous: 'NORMAL' })
      await a.append('s-1', [ev('A')], 'no_stream')
      await expect(b.append('s-1', [ev('B')], 'no_stream')).rejects.toThrow(/Wrong expected version/)
      await b.append('s-1', [ev('B')], 0n)
      expect((await a.readStream('s-1')).map((e) => e.type)).toEqual(['A', 'B'])
      const got: string[] = []
      const sub = a.subscribe({ pollMs: 10 }, (e) => {
        got.push(e.type)
      })
      await b.append('s-2', [ev('C')], 'no_stream')
      await expect.poll(() => got, { timeout: 2000 }).toEqual(['A', 'B', 'C'])
      await sub.close()
      await a.close()
      await b.close()
    })
  })
})
