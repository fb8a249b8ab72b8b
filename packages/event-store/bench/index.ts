/**
 * Event store benchmark (`npm run bench -- event-store`). For SQLite, and PostgreSQL when `DATABASE_URL` is set,
 * it measures in one run, on the same rows:
 *   - append throughput, batches of 1 (BENCH_SINGLE events, default 10,000; BENCH_PG_SINGLE for PostgreSQL, default
 *     2,000) and of 100 (BENCH_EVENTS, default 1,000,000), adapter versus the raw driver inserting the same rows
 *     into an identical table, in alternating rounds;
 *   - read-all throughput over those BENCH_EVENTS events (also `readAllData`, without ids and metadata, beside a raw
 *     select of the same columns): the adapter's `iterateAll` (with a small fold over
 *     `data`) versus a raw paged SELECT of the same rows (and the raw SELECT plus JSON.parse, which any consumer
 *     needs).
 * Every figure is printed with its ratio to the raw driver. Temporary files and schemas are removed afterwards.
 * The raw path gets the same event objects and serialises them with JSON.stringify, as any caller would; the adapter
 * additionally validates the input, checks the expected revision and allocates the global position.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { readAllDataPages, readAllPages } from '../src/common.ts'
import type { EventStore, NewEvent } from '../src/port.ts'
import { createPostgresStore } from '../src/postgres.ts'
import { createSqliteStore, immediate, SQLITE_MIGRATIONS } from '../src/sqlite.ts'

const STREAMS = 100
const PAGE = 5000

interface Row {
  stream: string
  revision: number
  event: NewEvent
}

/** A row's columns as the raw inserts write them: stream, revision, event id, type, schema version, data, metadata. */
const columnsOf = ({ stream, revision, event: e }: Row) =>
  [stream, revision, e.eventId!, e.type, e.schemaVersion, JSON.stringify(e.data), JSON.stringify(e.metadata)] as const

const createdAt = '2026-01-15T10:00:00.000Z'

/** Deterministic, cheap events; the same function feeds both paths. */
function makeEvent(i: number): NewEvent {
  return {
    eventId: `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
    type: i % 5 === 0 ? 'ExpenseRecorded' : 'IncomeRecorded',
    schemaVersion: 1,
    data: {
      id: i,
      amount: `${(i % 100000) + 1}.50`,
      date: '2026-01-15',
      description: `Faktura ${i}/2026`,
      vatRate: '23',
    },
    metadata: {
      userId: 'b1f8c0de-0000-4000-8000-000000000001',
      correlationId: 'c0ffee00-0000-4000-8000-000000000001',
      createdAt,
    },
  }
}

/** Batches in a fixed order: batch b goes to stream b % STREAMS (its own family per offset), revisions tracked per stream. */
function* batches(total: number, size: number, offset = 0): Generator<Row[]> {
  const family = offset === 0 ? 'books' : `s${offset}`
  const next = new Map<string, number>()
  for (let start = 0; start < total; start += size) {
    const stream = `${family}-${(start / size) % STREAMS}`
    let revision = next.get(stream) ?? 0
    const rows: Row[] = []
    for (let i = start; i < Math.min(total, start + size); i++)
      rows.push({ stream, revision: revision++, event: makeEvent(offset + i) })
    next.set(stream, revision)
    yield rows
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`

function report(label: string, count: number, adapterMs: number, rawMs: number, rawLabel = 'raw') {
  const a = (count / adapterMs) * 1000
  const r = (count / rawMs) * 1000
  console.log(
    `${label.padEnd(34)} ${fmt(count).padStart(9)} events  adapter ${fmt(a).padStart(9)} ev/s (${secs(adapterMs)})  ${rawLabel} ${fmt(r).padStart(9)} ev/s (${secs(rawMs)})  ratio ${(adapterMs / rawMs).toFixed(2)}x`,
  )
}

const adapterStep = (store: EventStore) => async (rows: Row[]) => {
  const first = rows[0]!
  await store.append(
    first.stream,
    rows.map((r) => r.event),
    first.revision === 0 ? 'no_stream' : BigInt(first.revision - 1),
  )
}

/**
 * Appends the same rows through both paths in alternating rounds (ten by default), so that a change in machine
 * load during the run affects both sides alike; returns the total time spent on each side.
 */
async function interleaved(
  total: number,
  size: number,
  offset: number,
  adapter: (rows: Row[]) => Promise<void>,
  raw: (rows: Row[]) => unknown,
  rounds = 10,
): Promise<{ adapterMs: number; rawMs: number }> {
  const a = batches(total, size, offset)
  const r = batches(total, size, offset)
  const perRound = Math.max(1, Math.ceil(total / size / rounds))
  let adapterMs = 0
  let rawMs = 0
  for (let done = false; !done; ) {
    let t = performance.now()
    for (let i = 0; i < perRound; i++) {
      const next = a.next()
      if (next.done) {
        done = true
        break
      }
      await adapter(next.value)
    }
    adapterMs += performance.now() - t
    t = performance.now()
    for (let i = 0; i < perRound; i++) {
      const next = r.next()
      if (next.done) break
      await raw(next.value)
    }
    rawMs += performance.now() - t
  }
  return { adapterMs, rawMs }
}

/**
 * The append figures: a warm-up (JIT, file growth) on both paths, then `single` batches of 1 in their own stream
 * family, so that the `total` events in batches of 100 start from empty streams.
 */
async function appends(
  total: number,
  single: number,
  adapter: (rows: Row[]) => Promise<void>,
  raw: (rows: Row[]) => unknown,
): Promise<void> {
  await interleaved(500, 1, 20_000_000, adapter, raw, 1)
  const one = await interleaved(single, 1, 10_000_000, adapter, raw)
  report('append, batch of 1', single, one.adapterMs, one.rawMs)
  const bulk = await interleaved(total, 100, 0, adapter, raw)
  report('append, batch of 100', total, bulk.adapterMs, bulk.rawMs)
}

type Timed = { ms: number; count: number }

/** Each read in turn, then each again (alternating rounds, so the load of the moment falls on all alike): the faster of its two runs counts. */
async function bestOfTwoRounds<K extends string>(
  reads: Record<K, () => Timed | Promise<Timed>>,
): Promise<Record<K, Timed>> {
  const keys = Object.keys(reads) as K[]
  const best = {} as Record<K, Timed>
  for (const k of keys) best[k] = await reads[k]()
  for (const k of keys) {
    const again = await reads[k]()
    if (again.ms < best[k].ms) best[k] = again
  }
  return best
}

/** A small fold over `readAllPages`, or over `readAllData` pages (no ids, no metadata) when `data` is set. */
async function foldPages(store: EventStore, data = false): Promise<{ ms: number; count: number }> {
  const start = performance.now()
  let count = 0
  let sum = 0
  const pages = data ? readAllDataPages(store, { maxCount: PAGE }) : readAllPages(store, { maxCount: PAGE })
  for await (const page of pages) {
    for (const e of page) sum += (e.data as { id: number }).id
    count += page.length
  }
  if (sum < 0) throw new Error('unreachable')
  return { ms: performance.now() - start, count }
}

async function foldAdapter(store: EventStore): Promise<{ ms: number; count: number }> {
  const start = performance.now()
  let count = 0
  let sum = 0
  for await (const e of store.iterateAll({ maxCount: PAGE })) {
    count++
    sum += (e.data as { id: number }).id
  }
  if (sum < 0) throw new Error('unreachable')
  return { ms: performance.now() - start, count }
}

/** The adapter's three ways to read everything, each folded: iterateAll, readAllPages and readAllData pages. */
const adapterReads = (store: EventStore) => ({
  adapterRead: () => foldAdapter(store),
  pages: () => foldPages(store),
  dataPages: () => foldPages(store, true),
})

/** The readAllData pages' line of a backend's read-all results, against `rawMs` of the raw read named `rawLabel`. */
const reportDataPages = (dataPages: { ms: number; count: number }, rawMs: number, rawLabel: string) =>
  report('read all data (readAllData pages + fold)', dataPages.count, dataPages.ms, rawMs, rawLabel)

async function sqliteBench(total: number, single: number) {
  console.log(
    `\n-- SQLite (WAL, synchronous=FULL; batch-of-1 over ${fmt(single)} events, batch-of-100 and read-all over ${fmt(total)})`,
  )
  const dir = mkdtempSync(join(tmpdir(), 'finance-bench-'))
  try {
    const store = createSqliteStore({ file: join(dir, 'adapter.sqlite') })
    const raw = new DatabaseSync(join(dir, 'raw.sqlite'))
    raw.exec('PRAGMA journal_mode = WAL')
    raw.exec('PRAGMA synchronous = FULL')
    raw.exec(SQLITE_MIGRATIONS[0]!.sql)
    const insert = raw.prepare(
      'INSERT INTO events (stream_id, revision, event_id, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    const rawAppend = (rows: Row[]) => {
      for (const r of rows) insert.run(...columnsOf(r))
    }
    const rawStep = (rows: Row[]) => immediate(raw, () => rawAppend(rows))
    const step = adapterStep(store)

    await appends(total, single, step, rawStep)

    const select = raw.prepare(
      'SELECT position, stream_id, revision, event_id, type, schema_version, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
    )
    select.setReturnArrays(true)
    const selectData = raw.prepare(
      'SELECT position, stream_id, revision, type, schema_version, data FROM events WHERE position > ? ORDER BY position LIMIT ?',
    )
    selectData.setReturnArrays(true)
    const rawReadData = () => {
      const start = performance.now()
      let after = 0
      let count = 0
      let sum = 0
      for (;;) {
        const rows = selectData.all(after, PAGE) as unknown as [number, string, number, string, number, string][]
        if (rows.length === 0) break
        for (const r of rows) sum += (JSON.parse(r[5]) as { id: number }).id
        count += rows.length
        after = rows[rows.length - 1]![0]
      }
      if (sum < 0) throw new Error('unreachable')
      return { ms: performance.now() - start, count }
    }
    const rawRead = (parse: boolean) => {
      const start = performance.now()
      let after = 0
      let count = 0
      let sum = 0
      for (;;) {
        const rows = select.all(after, PAGE) as unknown as [
          number,
          string,
          number,
          string,
          string,
          number,
          string,
          string,
        ][]
        if (rows.length === 0) break
        for (const r of rows) {
          if (parse) {
            sum += (JSON.parse(r[6]) as { id: number }).id
            JSON.parse(r[7])
          }
        }
        count += rows.length
        after = rows[rows.length - 1]![0]
      }
      if (sum < 0) throw new Error('unreachable')
      return { ms: performance.now() - start, count }
    }
    const { adapterRead, pages, dataPages, plain, parsed, parsedData } = await bestOfTwoRounds({
      ...adapterReads(store),
      plain: () => rawRead(false),
      parsed: () => rawRead(true),
      parsedData: () => rawReadData(),
    })
    report('read all (iterateAll + fold)', adapterRead.count, adapterRead.ms, plain.ms, 'raw select')
    report('read all (iterateAll + fold)', adapterRead.count, adapterRead.ms, parsed.ms, 'raw select+JSON.parse')
    report('read all (readAllPages + fold)', pages.count, pages.ms, parsed.ms, 'raw select+JSON.parse')
    reportDataPages(dataPages, parsedData.ms, 'raw select of the same columns+JSON.parse')
    const info = await store.info()
    console.log(
      `   file size ${(info.sizeBytes! / 1e6).toFixed(0)} MB; iterateAll: ${fmt((adapterRead.count / adapterRead.ms) * 1000)} events/s`,
    )
    await store.close()
    raw.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function postgresBench(url: string, total: number, single: number) {
  console.log(`\n-- PostgreSQL (batch-of-1 over ${fmt(single)} events, batch-of-100 and read-all over ${fmt(total)})`)
  const tag = randomUUID().replaceAll('-', '').slice(0, 12)
  const schema = `bench_${tag}`
  const rawSchema = `bench_raw_${tag}`
  const admin = new pg.Pool({ connectionString: url, max: 1 })
  const store = await createPostgresStore({ connectionString: url, schema, maxConnections: 1 })
  try {
    await admin.query(`CREATE SCHEMA "${rawSchema}"`)
    await admin.query(`CREATE TABLE "${rawSchema}".events (LIKE "${schema}".events INCLUDING ALL)`)
    const table = `"${rawSchema}".events`
    let position = 0
    const rawStep = async (rows: Row[]) => {
      const values: unknown[] = []
      const tuples: string[] = []
      for (const r of rows) {
        const k = values.length
        tuples.push(`($${k + 1}, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6}, $${k + 7}, $${k + 8})`)
        values.push(++position, ...columnsOf(r))
      }
      await admin.query({
        name: `raw-insert-${rows.length}`,
        text: `INSERT INTO ${table} (position, stream_id, revision, event_id, type, schema_version, data, metadata) VALUES ${tuples.join(', ')}`,
        values,
      })
    }
    await appends(total, single, adapterStep(store), rawStep)

    const rawRead = async () => {
      const start = performance.now()
      let after = 0n
      let count = 0
      let sum = 0
      for (;;) {
        const { rows } = await admin.query<unknown[]>({
          name: 'raw-read',
          text: `SELECT position, stream_id, revision, event_id, type, schema_version, data, metadata FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`,
          values: [after.toString(), PAGE],
          rowMode: 'array',
        })
        if (rows.length === 0) break
        for (const r of rows) sum += (r[6] as { id: number }).id
        count += rows.length
        after = BigInt(rows[rows.length - 1]![0] as string)
      }
      if (sum < 0) throw new Error('unreachable')
      return { ms: performance.now() - start, count }
    }
    const { adapterRead, pages, dataPages, raw } = await bestOfTwoRounds({
      ...adapterReads(store),
      raw: rawRead,
    })
    report('read all (iterateAll + fold)', adapterRead.count, adapterRead.ms, raw.ms, 'raw select (pg parses json)')
    report('read all (readAllPages + fold)', pages.count, pages.ms, raw.ms, 'raw select (pg parses json)')
    reportDataPages(dataPages, raw.ms, 'raw select of all columns')
  } finally {
    await store.close()
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin.query(`DROP SCHEMA IF EXISTS "${rawSchema}" CASCADE`)
    await admin.end()
  }
}

export async function run(): Promise<void> {
  const total = Number(process.env.BENCH_EVENTS ?? 1_000_000)
  const single = Number(process.env.BENCH_SINGLE ?? 10_000)
  // A PostgreSQL commit costs more than a SQLite one; 2,000 single appends keep the run within minutes.
  const pgSingle = Number(process.env.BENCH_PG_SINGLE ?? 2000)
  await sqliteBench(total, single)
  const url = process.env.DATABASE_URL
  if (url) await postgresBench(url, total, pgSingle)
  else console.log('\n-- PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server to measure it)')
}
