/**
 * The SQLite adapter (Node's built-in `node:sqlite`): the embedded default, one file under `./data`.
 *
 * - WAL journal, `synchronous=FULL` by default (an acknowledged append survives power loss), `busy_timeout` so
 *   several processes (the server and a CLI command) can share the file.
 * - Appends run in `BEGIN IMMEDIATE` transactions: SQLite has one writer at a time, so the global position (the
 *   rowid) is allocated in commit order and a reader never sees a gap that is filled later.
 * - `UNIQUE (stream_id, revision)` is the concurrency backstop; its violation maps to `WrongExpectedVersion`.
 * - Schema changes are versioned migrations recorded in `schema_migrations`.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { backup, DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { Worker } from 'node:worker_threads'
import {
  AppendSignal,
  assertExpected,
  assertStreamId,
  checkExpected,
  counterArgs,
  DATA_COLUMNS,
  EACH_COLUMNS,
  EVENT_COLUMNS,
  normaliseBefore,
  normaliseReadAll,
  normaliseReadStreams,
  pageOfRows,
  periodicSweep,
  prepareAppend,
  type PreparedEvent,
  prepareEvents,
  readsFromReadAll,
  type SqlDataRow,
  type SqlEachRow,
  type SqlEventRow,
  storedData,
  storedEvent,
  storeLife,
} from './common.ts'
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Json,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllPage,
  type StoredEvent,
  type StoredEventData,
  type StreamPartition,
  StoreNotFound,
  type Subscription,
  WrongExpectedVersion,
} from './port.ts'

/** The largest integer SQLite stores: no position or revision is above it. */
const MAX_POSITION = 9223372036854775807n

export interface SqliteStoreOptions {
  /** Path of the database file; its directory is created when missing. */
  readonly file: string
  /** `FULL` (default) makes every acknowledged append durable; `NORMAL` may lose the last appends on power loss. */
  readonly synchronous?: 'FULL' | 'NORMAL'
  /** How long a writer waits for another process's write lock, ms; default 5000. */
  readonly busyTimeoutMs?: number
  /** `false`: open an existing file only, creating nothing (throws `StoreNotFound`); default `true`. */
  readonly create?: boolean
  /**
   * `thread`: appends are committed by a writer thread owning its own connection (`sqliteWriter.ts`), so the
   * commit's fsync does not hold the event loop; reads stay on this thread (WAL). Default `main`.
   */
  readonly writer?: 'main' | 'thread'
}

/** A schema migration. Append new ones at the end; never edit one that has shipped. */
export interface Migration {
  readonly version: number
  readonly name: string
  readonly sql: string
}

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events and secrets',
    sql: `
      CREATE TABLE events (
        position       INTEGER PRIMARY KEY,
        stream_id      TEXT    NOT NULL,
        revision       INTEGER NOT NULL,
        event_id       TEXT    NOT NULL,
        type           TEXT    NOT NULL,
        schema_version INTEGER NOT NULL,
        data           TEXT    NOT NULL,
        metadata       TEXT    NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX events_stream_revision ON events (stream_id, revision);
      CREATE TABLE secrets (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: 'expiring counters',
    sql: `
      CREATE TABLE counters (
        key        TEXT    PRIMARY KEY,
        value      INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX counters_expires_at ON counters (expires_at);
    `,
  },
  {
    version: 3,
    // A partitioned read (`ReadAllOptions.partition`) of one key reads its rows from the index instead of scanning
    // the whole table to filter them. Virtual: computed from the stream id, so existing rows need no rewrite and the
    // index is all the migration builds.
    name: 'stream partition key',
    sql: `
      ALTER TABLE events ADD COLUMN partition_key INTEGER
        GENERATED ALWAYS AS (unicode(substr(stream_id, -1))) VIRTUAL;
      CREATE INDEX events_partition ON events (partition_key, position);
    `,
  },
]

/**
 * Runs `fn` in a `BEGIN IMMEDIATE` transaction (the write lock taken at once, so the read inside sees the latest
 * commit and no other writer can slip in between), committing on return and rolling back on a throw.
 */
export function immediate<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** Where an append stands in its transaction: the stream's last revision and the last position written. */
export interface AppendCursor {
  revision: number
  position: number
}

type AppendStatements = { readonly last: StatementSync; readonly insert: StatementSync }

/**
 * The start of an append inside a transaction the caller opened (`BEGIN IMMEDIATE`, so the write lock is held): the
 * expected revision checked against the stream's last. Answers the cursor the rows are inserted from.
 */
export function checkAppend(
  stmt: AppendStatements,
  streamId: string,
  expected: ExpectedRevision,
): AppendCursor & { readonly current: bigint | null } {
  const last = stmt.last.get(streamId) as unknown as [number, number] | undefined
  const current = last ? BigInt(last[0]) : null
  checkExpected(streamId, expected, current)
  return { current, revision: last ? last[0] : -1, position: last ? last[1] : 0 }
}

/** Inserts rows after `cursor`, moving it to the last row written. */
export function insertRows(
  stmt: AppendStatements,
  streamId: string,
  prepared: readonly PreparedEvent[],
  cursor: AppendCursor,
): void {
  for (const p of prepared) {
    cursor.revision += 1
    cursor.position = Number(
      stmt.insert.run(streamId, cursor.revision, p.eventId, p.type, p.schemaVersion, p.data, p.metadata)
        .lastInsertRowid,
    )
  }
}

/** What an append answers once its rows are in: the stream's revision and the last position. */
export const appendResult = (cursor: AppendCursor): AppendResult => ({
  nextExpectedRevision: BigInt(cursor.revision),
  position: BigInt(cursor.position),
})

/**
 * One append in one `BEGIN IMMEDIATE` transaction: the expected revision checked against the stream's last, then
 * the rows inserted. Shared by this thread's connection and the writer thread's (`sqliteWriter.ts`).
 */
export function appendRows(
  db: DatabaseSync,
  stmt: AppendStatements,
  streamId: string,
  prepared: readonly PreparedEvent[],
  expected: ExpectedRevision,
): AppendResult {
  return immediate(db, () => {
    const cursor = checkAppend(stmt, streamId, expected)
    if (prepared.length === 0) return { nextExpectedRevision: cursor.current ?? -1n, position: BigInt(cursor.position) }
    insertRows(stmt, streamId, prepared, cursor)
    return appendResult(cursor)
  })
}

/** The statements an append runs (`appendRows`), prepared on a connection. */
export const appendStatements = (db: DatabaseSync) => ({
  last: rawStatement(db, 'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1'),
  insert: db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
})

/**
 * What this thread sends the writer thread: an append whole (`more: false` in its only message), a chunk of one
 * (`more: true` while others follow), or the abandonment of a chunked append whose later events proved invalid.
 */
export type WriterMessage =
  | {
      readonly id: number
      readonly streamId: string
      readonly prepared: readonly PreparedEvent[]
      readonly expected: ExpectedRevision
      readonly more: boolean
    }
  | { readonly id: number; readonly abort: true }

/**
 * Events of a large append validated, serialised and sent to the writer thread per message, with the event loop
 * run between two messages: the append stays one transaction (the writer thread holds it open, with the write lock,
 * from the first chunk to the last), but no step of it holds this thread for long.
 */
export const APPEND_CHUNK = 500

/** Messages carrying a chunk of an append sent to writer threads (the tests count them). */
export const chunkCounters = { messages: 0 }

/** What the writer thread answers an append with. */
export type WriterReply =
  | { readonly id: number; readonly result: AppendResult }
  | { readonly id: number; readonly wrong: bigint | null }
  | { readonly id: number; readonly unique: true }
  | { readonly id: number; readonly error: string }

/** The writer thread of a store: appends sent in order, answered in order. */
const startWriter = (file: string, options: SqliteStoreOptions) => {
  const worker = new Worker(new URL('./sqliteWriter.ts', import.meta.url), {
    workerData: {
      file,
      synchronous: options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL',
      busyTimeoutMs: Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000)),
    },
  })
  // Only a pending append keeps the process alive.
  worker.unref()
  const pending = new Map<number, { resolve: (r: WriterReply) => void; reject: (e: unknown) => void }>()
  let next = 0
  let failed: unknown = null
  worker.on('message', (reply: WriterReply) => {
    const p = pending.get(reply.id)
    pending.delete(reply.id)
    if (pending.size === 0) worker.unref()
    p?.resolve(reply)
  })
  const fail = (err: unknown) => {
    failed = err
    for (const p of pending.values()) p.reject(err)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', () => fail(new Error('The event store is closed')))
  const send = (message: WriterMessage) => worker.postMessage(message)
  /** The answer to append `id`, once the writer thread has it. */
  const answerTo = (id: number) =>
    new Promise<WriterReply>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.ref()
    })
  return {
    append(streamId: string, prepared: readonly PreparedEvent[], expected: ExpectedRevision): Promise<WriterReply> {
      if (failed) return Promise.reject(failed)
      const id = next++
      const answer = answerTo(id)
      send({ id, streamId, prepared, expected, more: false })
      return answer
    },
    /**
     * An append sent `chunk` events a message, each chunk validated and serialised just before it is sent and the
     * event loop run between two chunks. The writer thread answers once, after the last chunk's commit, or early
     * when it refuses the append (the revision, a constraint): then nothing more is sent. An invalid event in a
     * later chunk abandons the append (rolled back) and throws.
     */
    async appendInChunks(
      streamId: string,
      events: readonly NewEvent[],
      expected: ExpectedRevision,
      chunk: number,
    ): Promise<WriterReply> {
      if (failed) throw failed
      const id = next++
      let answer: Promise<WriterReply> | null = null
      let answered = false
      for (let start = 0; start < events.length; start += chunk) {
        if (answer) {
          await new Promise<void>((resolve) => setImmediate(resolve))
          if (answered) {
            // Refused part-way: the writer drops the chunks still to come of this append.
            if (!failed) send({ id, abort: true })
            break
          }
        }
        let prepared: PreparedEvent[]
        try {
          prepared = prepareEvents(events, start, Math.min(events.length, start + chunk))
        } catch (err) {
          if (answer && !failed) {
            send({ id, abort: true })
            await answer.catch(() => undefined)
          }
          throw err
        }
        if (!answer) {
          answer = answerTo(id)
          answer.then(
            () => (answered = true),
            () => (answered = true),
          )
        }
        chunkCounters.messages++
        send({ id, streamId, prepared, expected, more: start + chunk < events.length })
      }
      return answer!
    },
    async close() {
      await worker.terminate()
    },
  }
}

/** A prepared statement returning rows as arrays (cheaper than objects with named keys). */
const rawStatement = (db: DatabaseSync, sql: string): StatementSync => {
  const statement = db.prepare(sql)
  statement.setReturnArrays(true)
  return statement
}

/** Applies pending migrations in one immediate transaction (safe when several processes open the file at once). */
export function migrateSqlite(db: DatabaseSync, migrations: readonly Migration[] = SQLITE_MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`)
  return immediate(db, () => {
    const applied: number[] = []
    const current = (db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0
    const known = migrations[migrations.length - 1]?.version ?? 0
    if (current > known) {
      throw new Error(
        `The database schema is at version ${current}, newer than this program knows (${known}); upgrade Finance`,
      )
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
    for (const m of migrations) {
      if (m.version <= current) continue
      db.exec(m.sql)
      record.run(m.version, m.name, new Date().toISOString())
      applied.push(m.version)
    }
    return applied
  })
}

/** How a read filters a partition: not at all, by its only stored key (from the index), or by the key's remainder. */
type PartitionFilter = 'none' | 'key' | 'modulo'

/** Integers come as numbers, JSON as text. */
type RawRow = SqlEventRow<number, string, string>
const COLUMNS = EVENT_COLUMNS
type DataRow = SqlDataRow<number, string>
type EachRow = SqlEachRow<number, string>

const toData = (r: DataRow): StoredEventData => storedData(r[0], r[1], r[2], r[3], r[4], JSON.parse(r[5]) as Json)

/** Positions and revisions are read as JS numbers (exact up to 2^53, some 9·10^15 events). */
const toStored = (r: RawRow): StoredEvent => storedEvent(r, JSON.parse(r[6]) as Json, JSON.parse(r[7]) as EventMetadata)

/** SQLite's extended result code SQLITE_CONSTRAINT_UNIQUE, carried by `node:sqlite` errors as `errcode`. */
export const SQLITE_CONSTRAINT_UNIQUE = 2067

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE

/**
 * The database holds password hashes: a directory created for it is 0700, the file is created (or tightened to)
 * 0600 before SQLite opens it, and SQLite gives its `-wal` and `-shm` files the database file's mode.
 */
function restrictToOwner(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  closeSync(openSync(file, 'a', 0o600))
  for (const f of [file, `${file}-wal`, `${file}-shm`])
    if (existsSync(f) && (statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600)
}

/**
 * A consistent copy of a SQLite store file while other connections (the server, another process) go on writing:
 * SQLite's online backup (`node:sqlite`'s `backup()`), all pages in one step under one read transaction, so the copy
 * is the database as of one commit; in WAL mode the reader blocks no writer. The copy is created 0600 (it holds the
 * password hashes). Answers the number of pages copied.
 */
export async function backupSqliteFile(source: string, destination: string): Promise<number> {
  if (!existsSync(source)) throw new StoreNotFound(source)
  restrictToOwner(destination)
  const db = new DatabaseSync(source, { timeout: 5000 })
  try {
    // Every page in one step (the rate is pages per step): a copy that never restarts because a write came in.
    return await backup(db, destination, { rate: 2 ** 31 - 1 })
  } finally {
    db.close()
  }
}

/**
 * Writes `key = value` into a SQLite store file's `backup_manifest` table (created when missing; the store's own
 * migrations never look at it) and leaves the file in rollback-journal mode: one self-contained file, with no
 * `-wal` beside it to lose when it is copied. The file must not be open as a store.
 */
export function writeSqliteMeta(file: string, key: string, value: string): void {
  if (!existsSync(file)) throw new StoreNotFound(file)
  const db = new DatabaseSync(file)
  try {
    db.exec('CREATE TABLE IF NOT EXISTS backup_manifest (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT')
    db.prepare(
      'INSERT INTO backup_manifest (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value)
    db.exec('PRAGMA journal_mode = DELETE')
  } finally {
    db.close()
  }
}

/** Reads `key` of a SQLite file's `backup_manifest` table, read-only; null when the table or the key is missing. */
export function readSqliteMeta(file: string, key: string): string | null {
  if (!existsSync(file)) throw new StoreNotFound(file)
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'backup_manifest'").get()
    if (table === undefined) return null
    const row = db.prepare('SELECT value FROM backup_manifest WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value ?? null
  } finally {
    db.close()
  }
}

export function createSqliteStore(options: SqliteStoreOptions): EventStore {
  const file = options.file
  if (options.create === false && !existsSync(file)) throw new StoreNotFound(file)
  restrictToOwner(file)
  // `timeout` is SQLite's busy timeout: how long a writer waits for another process's lock (also while switching
  // to WAL, which needs a lock another process may hold).
  const db = new DatabaseSync(file, { timeout: Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000)) })
  try {
    db.exec('PRAGMA journal_mode = WAL')
    db.exec(`PRAGMA synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`)
    migrateSqlite(db)
  } catch (err) {
    db.close()
    throw err
  }

  const stmt = {
    ...appendStatements(db),
    head: rawStatement(db, 'SELECT max(position) FROM events'),
    nextPartitionKey: rawStatement(
      db,
      'SELECT partition_key FROM events WHERE partition_key >= ? ORDER BY partition_key LIMIT 1',
    ),
    forwards: rawStatement(
      db,
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    ),
    // `readStreamsEach` and `listStreams`: one seek of the stream index per stream with an event below the bound (its
    // first entry nearly always is), then the stream's rows from the index in revision order.
    firstStream: rawStatement(db, 'SELECT stream_id FROM events WHERE position < ? ORDER BY stream_id LIMIT 1'),
    nextStream: rawStatement(
      db,
      'SELECT stream_id FROM events WHERE stream_id > ? AND position < ? ORDER BY stream_id LIMIT 1',
    ),
    // The same within a run of streams: its last id bounds the index range, so the seek stops at the run's end.
    firstStreamUpTo: rawStatement(
      db,
      'SELECT stream_id FROM events WHERE stream_id <= ? AND position < ? ORDER BY stream_id LIMIT 1',
    ),
    nextStreamUpTo: rawStatement(
      db,
      'SELECT stream_id FROM events WHERE stream_id > ? AND stream_id <= ? AND position < ? ORDER BY stream_id LIMIT 1',
    ),
    streamEach: rawStatement(
      db,
      'SELECT revision, type, schema_version, data FROM events ' +
        'WHERE stream_id = ? AND revision > ? AND position < ? ORDER BY revision LIMIT ?',
    ),
    backwards: rawStatement(
      db,
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ),
    secretGet: rawStatement(db, 'SELECT value FROM secrets WHERE key = ?'),
    secretPut: db.prepare(
      'INSERT INTO secrets (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    secretDelete: db.prepare('DELETE FROM secrets WHERE key = ?'),
    secretAll: rawStatement(db, 'SELECT key, value FROM secrets ORDER BY key'),
    deleteStream: db.prepare('DELETE FROM events WHERE stream_id = ?'),
    // One statement, so the increment is atomic under SQLite's write lock, also between processes. The SET
    // expressions read the row as it was before the update.
    counterIncrement: rawStatement(
      db,
      `INSERT INTO counters (key, value, expires_at) VALUES (@key, 1, @now + @ttl)
       ON CONFLICT (key) DO UPDATE SET
         value = CASE WHEN counters.expires_at <= @now THEN 1 ELSE counters.value + 1 END,
         expires_at = CASE WHEN counters.expires_at <= @now THEN @now + @ttl ELSE counters.expires_at END
       RETURNING value, expires_at`,
    ),
    counterReset: db.prepare('DELETE FROM counters WHERE key = ?'),
    counterSweep: db.prepare('DELETE FROM counters WHERE expires_at <= ?'),
  }
  const sweepCounters = periodicSweep((now) => stmt.counterSweep.run(now))

  const appendTx = (streamId: string, prepared: PreparedEvent[], expected: ExpectedRevision): AppendResult =>
    appendRows(db, stmt, streamId, prepared, expected)
  // Started on the first append: a process that only reads (a replay, a backup) starts no thread.
  let started: ReturnType<typeof startWriter> | null = null
  const thread = () => {
    if (!started) started = startWriter(file, options)
    return started
  }
  /**
   * Chunked appends under way: the writer thread holds the write lock between their chunks, so this thread's own
   * writes (secrets, counters, deletions) wait for them here, on a promise, rather than in SQLite's busy handler,
   * which would hold the event loop that sends the chunks.
   */
  const chunking = new Set<Promise<unknown>>()
  const outsideChunked = async <T>(write: () => T): Promise<T> => {
    while (chunking.size > 0) await Promise.allSettled(chunking)
    // In the same turn as the check: no chunked append can have begun in between.
    return write()
  }
  const writer =
    options.writer === 'thread'
      ? {
          append: (streamId: string, prepared: readonly PreparedEvent[], expected: ExpectedRevision) =>
            thread().append(streamId, prepared, expected),
          appendInChunks: (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
            assertStreamId(streamId)
            assertExpected(streamId, expected)
            const done = thread().appendInChunks(streamId, events, expected, APPEND_CHUNK)
            chunking.add(done)
            const forget = () => chunking.delete(done)
            done.then(forget, forget)
            return done
          },
          close: async () => started?.close(),
        }
      : null

  /** readAll statements by shape (columns, direction, bounds, number of prefixes and types, partition), prepared once. */
  const readAllStatements = new Map<string, StatementSync>()
  const readAllStatement = (
    columns: string,
    forwards: boolean,
    before: boolean,
    prefixes: number,
    types: number,
    part: PartitionFilter,
  ) => {
    const key = `${columns}/${forwards}/${before}/${prefixes}/${types}/${part}`
    let s = readAllStatements.get(key)
    if (!s) {
      const where = ['position > ?']
      if (before) where.push('position < ?')
      if (prefixes > 0)
        where.push(`(${Array.from({ length: prefixes }, () => 'substr(stream_id, 1, ?) = ?').join(' OR ')})`)
      if (types > 0) where.push(`type IN (${Array.from({ length: types }, () => '?').join(', ')})`)
      if (part === 'key') where.push('partition_key = ?')
      else if (part === 'modulo') where.push('partition_key % ? = ?')
      s = rawStatement(
        db,
        `SELECT ${columns} FROM events WHERE ${where.join(' AND ')} ORDER BY position ${forwards ? 'ASC' : 'DESC'} LIMIT ?`,
      )
      readAllStatements.set(key, s)
    }
    return s
  }

  /**
   * The partition keys stored that fall in `partition`, found by seeking the partition index from key to key (one
   * seek per distinct key, however many rows): a partition of one key is read from the index in commit order.
   */
  const keysOf = (partition: StreamPartition): number[] => {
    const keys: number[] = []
    for (let from = partition.index; ; ) {
      const found = (stmt.nextPartitionKey.get(from) as unknown as [number] | undefined)?.[0]
      if (found === undefined) return keys
      const rest = found % partition.count
      if (rest === partition.index) {
        keys.push(found)
        from = found + partition.count
      } else from = found - rest + partition.index + (rest > partition.index ? partition.count : 0)
    }
  }

  const signal = new AppendSignal()
  const subscriptions = new Set<Subscription>()
  const { open, close } = storeLife(subscriptions)

  /** One page of rows, mapped by `map`; `next` is the last mapped event's position when there is more. */
  const readPage = <R, E extends { readonly position: bigint }>(
    readOptions: ReadAllOptions | undefined,
    columns: string,
    map: (r: R) => E,
  ): { events: E[]; next: bigint | null } => {
    const { rows, maxCount } = pageRows<R>(readOptions, columns)
    return pageOfRows(rows, maxCount, map)
  }

  /** The rows of one page (`LIMIT maxCount + 1`: one more than the page when there is more). */
  const pageRows = <R>(readOptions: ReadAllOptions | undefined, columns: string): { rows: R[]; maxCount: number } => {
    open()
    const o = normaliseReadAll(readOptions)
    const forwards = o.direction === 'forwards'
    const params: SQLInputValue[] = [o.after]
    if (o.before !== null) params.push(o.before)
    for (const p of o.streamPrefixes) params.push([...p].length, p)
    params.push(...o.eventTypes)
    let part: PartitionFilter = 'none'
    if (o.partition !== null) {
      const keys = keysOf(o.partition)
      if (keys.length === 0) return { rows: [], maxCount: o.maxCount }
      if (keys.length === 1) {
        part = 'key'
        params.push(keys[0]!)
      } else {
        part = 'modulo'
        params.push(o.partition.count, o.partition.index)
      }
    }
    params.push(o.maxCount + 1)
    const statement = readAllStatement(
      columns,
      forwards,
      o.before !== null,
      o.streamPrefixes.length,
      o.eventTypes.length,
      part,
    )
    return { rows: statement.all(...params) as unknown as R[], maxCount: o.maxCount }
  }

  const readAll = async (readOptions?: ReadAllOptions): Promise<ReadAllPage> => readPage(readOptions, COLUMNS, toStored)

  const store: EventStore = {
    async append(streamId, events, expected) {
      open()
      const chunked = writer !== null && Array.isArray(events) && events.length > APPEND_CHUNK
      const prepared = chunked ? [] : prepareAppend(streamId, expected, events)
      let result: AppendResult
      try {
        if (writer) {
          const reply = chunked
            ? await writer.appendInChunks(streamId, events, expected)
            : await writer.append(streamId, prepared, expected)
          if ('wrong' in reply) throw new WrongExpectedVersion(streamId, expected, reply.wrong)
          if ('unique' in reply)
            throw Object.assign(new Error('UNIQUE constraint failed'), { errcode: SQLITE_CONSTRAINT_UNIQUE })
          if ('error' in reply) throw new Error(reply.error)
          result = reply.result
        } else result = appendTx(streamId, prepared, expected)
      } catch (err) {
        if (isUniqueViolation(err)) {
          const last = stmt.last.get(streamId) as unknown as [number, number] | undefined
          throw new WrongExpectedVersion(streamId, expected, last ? BigInt(last[0]) : null)
        }
        throw err
      }
      if (prepared.length > 0 || (chunked && events.length > 0)) signal.emit()
      return result
    },

    async readStream(streamId, o = {}) {
      open()
      const limit = o.maxCount ?? -1
      const rows = ((o.direction ?? 'forwards') === 'forwards'
        ? stmt.forwards.all(streamId, o.fromRevision ?? 0n, limit)
        : stmt.backwards.all(streamId, o.fromRevision ?? MAX_POSITION, limit)) as unknown as RawRow[]
      return rows.map(toStored)
    },

    async streamRevision(streamId: string): Promise<bigint | null> {
      open()
      const last = stmt.last.get(streamId) as unknown as [number, number] | undefined
      return last ? BigInt(last[0]) : null
    },

    ...readsFromReadAll(readAll, signal, subscriptions, open),
    readAllData: async (readOptions) => readPage(readOptions, DATA_COLUMNS, toData),
    partitionKeys: async () => {
      open()
      // Every key falls in the only partition of one.
      return keysOf({ count: 1, index: 0 })
    },
    readAllEach: async (readOptions, visit) => {
      const { rows, maxCount } = pageRows<EachRow>(readOptions, EACH_COLUMNS)
      const n = Math.min(rows.length, maxCount)
      for (let i = 0; i < n; i++) {
        const r = rows[i]!
        visit(r[1], r[2], r[3], JSON.parse(r[4]) as Json)
      }
      return rows.length > maxCount ? BigInt(rows[n - 1]![0]) : null
    },

    readStreamsEach: async (readOptions, visit) => {
      open()
      const o = normaliseReadStreams(readOptions)
      const before = o.before ?? MAX_POSITION
      const upTo = o.streams.upTo
      /** The stream after `after` (the first when null) with an event below `before`, within the run; or null. */
      const nextStream = (after: string | null): string | null => {
        const row = (upTo === null
          ? after === null
            ? stmt.firstStream.get(before)
            : stmt.nextStream.get(after, before)
          : after === null
            ? stmt.firstStreamUpTo.get(upTo, before)
            : stmt.nextStreamUpTo.get(after, upTo, before)) as unknown as [string] | undefined
        return row?.[0] ?? null
      }
      let stream = o.after === null ? nextStream(o.streams.after) : o.after.streamId
      let revision = o.after === null ? -1 : o.after.revision
      for (let left = o.maxCount; stream !== null; ) {
        const rows = stmt.streamEach.all(stream, revision, before, left) as unknown as [
          number,
          string,
          number,
          string,
        ][]
        for (const r of rows) visit(stream, r[1], r[2], JSON.parse(r[3]) as Json)
        left -= rows.length
        // A full page may have stopped inside the stream: the next call goes on after its last row.
        if (left === 0) return { streamId: stream, revision: rows[rows.length - 1]![0] }
        stream = nextStream(stream)
        revision = -1
      }
      return null
    },

    listStreams: async (o = {}) => {
      open()
      const before = normaliseBefore(o.before) ?? MAX_POSITION
      const ids: string[] = []
      for (let row = stmt.firstStream.get(before) as unknown as [string] | undefined; row !== undefined; ) {
        ids.push(row[0])
        row = stmt.nextStream.get(row[0], before) as unknown as [string] | undefined
      }
      return ids
    },

    async headPosition(): Promise<bigint> {
      open()
      const head = (stmt.head.get() as unknown as [number | null])[0]
      return head === null ? 0n : BigInt(head)
    },

    secrets: {
      async get(key: string) {
        open()
        return (stmt.secretGet.get(key) as unknown as [string] | undefined)?.[0] ?? null
      },
      async put(key: string, value: string) {
        open()
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('Secret key must be a non-empty string')
        if (typeof value !== 'string') throw new TypeError('Secret value must be a string')
        await outsideChunked(() => stmt.secretPut.run(key, value))
      },
      async delete(key: string) {
        open()
        await outsideChunked(() => stmt.secretDelete.run(key))
      },
      async entries() {
        open()
        return stmt.secretAll.all() as unknown as [string, string][]
      },
    },

    async deleteStreams(streamIds: readonly string[]): Promise<number> {
      open()
      return outsideChunked(() =>
        immediate(db, () => {
          let removed = 0
          for (const id of streamIds) removed += Number(stmt.deleteStream.run(id).changes)
          return removed
        }),
      )
    },

    counters: {
      async increment(key: string, ttlMs: number, at?: number) {
        open()
        const now = counterArgs(key, ttlMs, at)
        // The sweep (when due) runs its statement at once, in the same turn as the increment.
        const { swept, row } = await outsideChunked(() => ({
          swept: sweepCounters(now),
          row: stmt.counterIncrement.get({ key, now, ttl: ttlMs }),
        }))
        await swept
        const [value, expiresAt] = row as unknown as [number, number]
        return { value, expiresAt }
      },
      async reset(key: string) {
        open()
        await outsideChunked(() => stmt.counterReset.run(key))
      },
    },

    async info() {
      open()
      const size = (path: string) => {
        try {
          return statSync(path).size
        } catch {
          return 0
        }
      }
      return { kind: 'sqlite', database: basename(file), sizeBytes: size(file) + size(`${file}-wal`) }
    },

    close: () =>
      close(async () => {
        await writer?.close()
        db.close()
      }),
  }
  return store
}
