/**
 * The PostgreSQL adapter (node-postgres `pg`, one Pool).
 *
 * Global positions are handed out in commit order with no gap a reader could see filled later: an append takes a
 * transaction-scoped advisory lock (`pg_advisory_xact_lock`, one key per schema) before it reads the head and
 * inserts, and holds it until its commit is visible. A second writer can therefore only allocate position n + 1
 * once position n is committed, so a catch-up reader that has passed position n never misses an event below it.
 * (A plain sequence or identity column would not do: two transactions can take 10 and 11 and commit 11 first.)
 *
 * The whole append (lock, expectation check, insert) is one PL/pgSQL function call: one round trip, so the adapter
 * costs about what a raw INSERT costs. `UNIQUE (stream_id, revision)` stays as the concurrency backstop; a unique
 * violation maps to `WrongExpectedVersion`. Data and metadata are stored as `json` (the exact text, key order kept).
 */
import pg from 'pg'
import {
  AppendSignal,
  counterArgs,
  DATA_COLUMNS,
  EVENT_COLUMNS,
  normaliseBefore,
  normaliseReadAll,
  normaliseReadStreams,
  pageOfRows,
  periodicSweep,
  prepareAppend,
  readsFromReadAll,
  type SqlDataRow,
  type SqlEventRow,
  storedData,
  storedEvent,
  storeLife,
} from './common.ts'
import { maskUrl } from './config.ts'
import {
  type EventMetadata,
  type EventStore,
  type Json,
  type ReadAllOptions,
  type ReadAllPage,
  type StoredEvent,
  type StoredEventData,
  StoreNotFound,
  type Subscription,
  WrongExpectedVersion,
} from './port.ts'

export interface PostgresStoreOptions {
  readonly connectionString: string
  /** Schema holding the tables, created when missing; default `finance`. Lower-case letters, digits, `_`. */
  readonly schema?: string
  /** Pool size; default 10. */
  readonly maxConnections?: number
  /** `false`: open an existing schema only, creating nothing (throws `StoreNotFound`); default `true`. */
  readonly create?: boolean
}

/** Versioned migrations; `{{schema}}` is the quoted schema name, `{{lock}}` the schema's advisory-lock key. */
export const POSTGRES_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'events, secrets and the append function',
    sql: `
      CREATE TABLE {{schema}}.events (
        position       bigint  PRIMARY KEY,
        stream_id      text    NOT NULL,
        revision       bigint  NOT NULL,
        event_id       uuid    NOT NULL,
        type           text    NOT NULL,
        schema_version integer NOT NULL,
        data           json    NOT NULL,
        metadata       json    NOT NULL,
        CONSTRAINT events_stream_revision UNIQUE (stream_id, revision)
      );
      CREATE TABLE {{schema}}.secrets (
        key   text PRIMARY KEY,
        value text NOT NULL
      );
      CREATE FUNCTION {{schema}}.append_events(
        p_stream_id text, p_expected text,
        p_event_ids uuid[], p_types text[], p_schema_versions integer[], p_data text[], p_metadata text[]
      ) RETURNS TABLE (next_revision bigint, last_position bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_current bigint;
        v_last_position bigint;
        v_head bigint;
        v_count integer := coalesce(array_length(p_types, 1), 0);
      BEGIN
        -- Held until commit: positions are allocated in commit order.
        PERFORM pg_advisory_xact_lock({{lock}});
        SELECT e.revision, e.position INTO v_current, v_last_position
          FROM {{schema}}.events e WHERE e.stream_id = p_stream_id ORDER BY e.revision DESC LIMIT 1;
        IF NOT (p_expected = 'any'
             OR (p_expected = 'no_stream' AND v_current IS NULL)
             OR (p_expected = 'stream_exists' AND v_current IS NOT NULL)
             OR (p_expected ~ '^[0-9]+$' AND v_current IS NOT NULL AND v_current = p_expected::bigint)) THEN
          RAISE EXCEPTION 'Wrong expected version on stream %', p_stream_id
            USING ERRCODE = 'FNWEV', DETAIL = coalesce(v_current::text, 'null');
        END IF;
        IF v_count = 0 THEN
          RETURN QUERY SELECT coalesce(v_current, -1::bigint), coalesce(v_last_position, 0::bigint);
          RETURN;
        END IF;
        SELECT coalesce(max(e.position), 0) INTO v_head FROM {{schema}}.events e;
        INSERT INTO {{schema}}.events (position, stream_id, revision, event_id, type, schema_version, data, metadata)
          SELECT v_head + i, p_stream_id, coalesce(v_current, -1) + i, p_event_ids[i], p_types[i],
                 p_schema_versions[i], p_data[i]::json, p_metadata[i]::json
            FROM generate_series(1, v_count) AS i;
        RETURN QUERY SELECT coalesce(v_current, -1) + v_count, v_head + v_count;
      END
      $fn$;
    `,
  },
  {
    version: 2,
    name: 'expiring counters',
    // UNLOGGED: rate-limit counts and claims need no crash safety, and skip the WAL.
    sql: `
      CREATE UNLOGGED TABLE {{schema}}.counters (
        key        text   PRIMARY KEY,
        value      bigint NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE INDEX counters_expires_at ON {{schema}}.counters (expires_at);
    `,
  },
]

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** A stable 31-bit key per schema for the advisory lock, so stores in different schemas do not contend. */
function lockKey(schema: string): number {
  let h = 0x811c9dc5
  for (const ch of `finance-event-store:${schema}`) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h & 0x7fffffff
}

/** Applies pending migrations under an advisory lock (safe when several servers start at once). */
export async function migratePostgres(pool: pg.Pool, schema: string): Promise<number[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`)
  const q = `"${schema}"`
  const client = await pool.connect()
  const applied: number[] = []
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(`${schema}/migrations`)])
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${q}`)
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${q}.schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const current = Number(
      (await client.query(`SELECT coalesce(max(version), 0) AS v FROM ${q}.schema_migrations`)).rows[0].v,
    )
    const known = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1]?.version ?? 0
    if (current > known) {
      throw new Error(
        `The database schema is at version ${current}, newer than this program knows (${known}); upgrade Finance`,
      )
    }
    for (const m of POSTGRES_MIGRATIONS) {
      if (m.version <= current) continue
      await client.query(m.sql.replaceAll('{{schema}}', q).replaceAll('{{lock}}', String(lockKey(schema))))
      await client.query(`INSERT INTO ${q}.schema_migrations (version, name) VALUES ($1, $2)`, [m.version, m.name])
      applied.push(m.version)
    }
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    client.release()
  }
  return applied
}

/** Bigint columns come as strings, jsonb parsed (`readAllData` leaves out the metadata the driver would parse). */
type RawRow = SqlEventRow<string, Json, EventMetadata>
const COLUMNS = EVENT_COLUMNS
type DataRow = SqlDataRow<string, Json>

const toData = (r: DataRow): StoredEventData => storedData(r[0], r[1], r[2], r[3], r[4], r[5])

const toStored = (r: RawRow): StoredEvent => storedEvent(r, r[6], r[7])

const pgCode = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: string }).code : undefined)

export async function createPostgresStore(options: PostgresStoreOptions): Promise<EventStore> {
  const schema = options.schema ?? 'finance'
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`)
  const q = `"${schema}"`
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 })
  // An idle client losing its connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {})
  try {
    if (options.create === false) {
      const found = await pool.query('SELECT to_regclass($1) AS events', [`${q}.events`])
      if (found.rows[0]?.events === null)
        throw new StoreNotFound(`${maskUrl(options.connectionString)} schema ${schema}`)
    }
    await migratePostgres(pool, schema)
  } catch (err) {
    await pool.end()
    throw err
  }

  // Prepared statements are named per schema; PostgreSQL keeps 63 bytes of a name, so a long one is hashed.
  const statementName = (name: string) => {
    const full = `${schema}:${name}`
    return full.length <= 63 ? full : `${schema.slice(0, 40)}:${lockKey(full).toString(36)}`
  }
  const query = <R extends unknown[]>(name: string, text: string, values: unknown[]) =>
    pool.query<R>({ name: statementName(name), text, values, rowMode: 'array' }).then((r) => r.rows)

  const signal = new AppendSignal()
  const subscriptions = new Set<Subscription>()
  const sweepCounters = periodicSweep((now) =>
    query('counter:sweep', `DELETE FROM ${q}.counters WHERE expires_at <= $1`, [now]),
  )
  const { open, close } = storeLife(subscriptions)

  const currentRevision = async (streamId: string): Promise<bigint | null> => {
    const rows = await query<[string]>(
      'revision',
      `SELECT revision FROM ${q}.events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
      [streamId],
    )
    return rows[0] ? BigInt(rows[0][0]) : null
  }

  /** One page of rows, mapped by `map`; `next` is the last mapped event's position when there is more. */
  const readPage = async <R extends unknown[], E extends { readonly position: bigint }>(
    readOptions: ReadAllOptions | undefined,
    columns: string,
    map: (r: R) => E,
  ): Promise<{ events: E[]; next: bigint | null }> => {
    open()
    const o = normaliseReadAll(readOptions)
    const forwards = o.direction === 'forwards'
    const values: unknown[] = [o.after.toString()]
    const where = ['position > $1']
    if (o.before !== null) {
      values.push(o.before.toString())
      where.push(`position < $${values.length}`)
    }
    if (o.streamPrefixes.length > 0) {
      values.push(o.streamPrefixes)
      where.push(`EXISTS (SELECT 1 FROM unnest($${values.length}::text[]) AS p WHERE starts_with(stream_id, p))`)
    }
    if (o.eventTypes.length > 0) {
      values.push(o.eventTypes)
      where.push(`type = ANY($${values.length}::text[])`)
    }
    if (o.partition !== null) {
      values.push(o.partition.count, o.partition.index)
      where.push(`ascii(right(stream_id, 1)) % $${values.length - 1}::int = $${values.length}::int`)
    }
    values.push(o.maxCount + 1)
    const text = `SELECT ${columns} FROM ${q}.events WHERE ${where.join(' AND ')} ORDER BY position ${forwards ? 'ASC' : 'DESC'} LIMIT $${values.length}`
    const shape = `all:${columns === COLUMNS}:${forwards}:${o.before !== null}:${o.streamPrefixes.length > 0}:${o.eventTypes.length > 0}:${o.partition !== null}`
    const rows = await query<R>(shape, text, values)
    return pageOfRows(rows, o.maxCount, map)
  }

  const readAll = (readOptions?: ReadAllOptions): Promise<ReadAllPage> => readPage(readOptions, COLUMNS, toStored)

  const store: EventStore = {
    async append(streamId, events, expected) {
      open()
      const prepared = prepareAppend(streamId, expected, events)
      try {
        const rows = await query<[string, string]>(
          'append',
          `SELECT next_revision, last_position FROM ${q}.append_events($1, $2, $3, $4, $5, $6, $7)`,
          [
            streamId,
            typeof expected === 'bigint' ? expected.toString() : expected,
            prepared.map((p) => p.eventId),
            prepared.map((p) => p.type),
            prepared.map((p) => p.schemaVersion),
            prepared.map((p) => p.data),
            prepared.map((p) => p.metadata),
          ],
        )
        if (prepared.length > 0) signal.emit()
        return { nextExpectedRevision: BigInt(rows[0]![0]), position: BigInt(rows[0]![1]) }
      } catch (err) {
        const code = pgCode(err)
        if (code === 'FNWEV') {
          const detail = (err as { detail?: string }).detail
          throw new WrongExpectedVersion(streamId, expected, detail && detail !== 'null' ? BigInt(detail) : null)
        }
        if (code === '23505') throw new WrongExpectedVersion(streamId, expected, await currentRevision(streamId))
        throw err
      }
    },

    async readStream(streamId, o = {}) {
      open()
      const forwards = (o.direction ?? 'forwards') === 'forwards'
      const rows = await query<RawRow>(
        forwards ? 'stream:f' : 'stream:b',
        forwards
          ? `SELECT ${COLUMNS} FROM ${q}.events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`
          : `SELECT ${COLUMNS} FROM ${q}.events WHERE stream_id = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`,
        [streamId, (o.fromRevision ?? (forwards ? 0n : 9223372036854775807n)).toString(), o.maxCount ?? null],
      )
      return rows.map(toStored)
    },

    async streamRevision(streamId: string): Promise<bigint | null> {
      open()
      return currentRevision(streamId)
    },

    ...readsFromReadAll(readAll, signal, subscriptions, open),
    readAllData: (readOptions) => readPage(readOptions, DATA_COLUMNS, toData),

    async readStreamsEach(readOptions, visit) {
      open()
      const o = normaliseReadStreams(readOptions)
      const values: unknown[] = []
      const where: string[] = []
      // From the cursor, or after the run's first bound (every revision of that stream is before this one).
      const from =
        o.after !== null
          ? ([o.after.streamId, String(o.after.revision)] as const)
          : o.streams.after !== null
            ? ([o.streams.after, '9223372036854775807'] as const)
            : null
      if (from !== null) {
        values.push(from[0], from[1])
        where.push('(stream_id, revision) > ($1, $2::bigint)')
      }
      if (o.before !== null) {
        values.push(o.before.toString())
        where.push(`position < $${values.length}`)
      }
      if (o.streams.upTo !== null) {
        values.push(o.streams.upTo)
        where.push(`stream_id <= $${values.length}`)
      }
      values.push(o.maxCount)
      const rows = await query<[string, string, string, number, Json]>(
        `streams:${from !== null}:${o.before !== null}:${o.streams.upTo !== null}`,
        `SELECT stream_id, revision, type, schema_version, data FROM ${q}.events` +
          `${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY stream_id, revision LIMIT $${values.length}`,
        values,
      )
      for (const r of rows) visit(r[0], r[2], r[3], r[4])
      const last = rows[rows.length - 1]
      return rows.length === o.maxCount && last !== undefined ? { streamId: last[0], revision: Number(last[1]) } : null
    },

    async listStreams(o = {}) {
      open()
      // One index probe per stream (a loose index scan), not a scan of every event.
      const rows = await query<[string]>(
        'streams:list',
        `WITH RECURSIVE s AS (
           (SELECT stream_id FROM ${q}.events WHERE position < $1 ORDER BY stream_id LIMIT 1)
           UNION ALL
           SELECT (SELECT e.stream_id FROM ${q}.events e WHERE e.stream_id > s.stream_id AND e.position < $1
                   ORDER BY e.stream_id LIMIT 1)
           FROM s WHERE s.stream_id IS NOT NULL
         )
         SELECT stream_id FROM s WHERE stream_id IS NOT NULL`,
        [(normaliseBefore(o.before) ?? 9223372036854775807n).toString()],
      )
      return rows.map((r) => r[0])
    },

    async headPosition(): Promise<bigint> {
      open()
      const rows = await query<[string]>('head', `SELECT coalesce(max(position), 0) FROM ${q}.events`, [])
      return BigInt(rows[0]![0])
    },

    secrets: {
      async get(key: string) {
        open()
        const rows = await query<[string]>('secret:get', `SELECT value FROM ${q}.secrets WHERE key = $1`, [key])
        return rows[0]?.[0] ?? null
      },
      async put(key: string, value: string) {
        open()
        if (typeof key !== 'string' || key.length === 0) throw new TypeError('Secret key must be a non-empty string')
        if (typeof value !== 'string') throw new TypeError('Secret value must be a string')
        await query(
          'secret:put',
          `INSERT INTO ${q}.secrets (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [key, value],
        )
      },
      async delete(key: string) {
        open()
        await query('secret:delete', `DELETE FROM ${q}.secrets WHERE key = $1`, [key])
      },
      async entries() {
        open()
        return query<[string, string]>('secret:all', `SELECT key, value FROM ${q}.secrets ORDER BY key COLLATE "C"`, [])
      },
    },

    async deleteStreams(streamIds: readonly string[]): Promise<number> {
      open()
      const result = await pool.query(`DELETE FROM ${q}.events WHERE stream_id = ANY($1::text[])`, [[...streamIds]])
      return result.rowCount ?? 0
    },

    counters: {
      async increment(key: string, ttlMs: number, at?: number) {
        open()
        const now = counterArgs(key, ttlMs, at)
        await sweepCounters(now)
        // One statement: the row lock of ON CONFLICT makes concurrent increments from any instance serial. The SET
        // expressions read the row as it was before the update.
        const rows = await query<[string, string]>(
          'counter:increment',
          `INSERT INTO ${q}.counters (key, value, expires_at) VALUES ($1, 1, $2::bigint + $3::bigint)
           ON CONFLICT (key) DO UPDATE SET
             value = CASE WHEN counters.expires_at <= $2::bigint THEN 1 ELSE counters.value + 1 END,
             expires_at = CASE WHEN counters.expires_at <= $2::bigint THEN $2::bigint + $3::bigint
                               ELSE counters.expires_at END
           RETURNING value, expires_at`,
          [key, now, ttlMs],
        )
        return { value: Number(rows[0]![0]), expiresAt: Number(rows[0]![1]) }
      },
      async reset(key: string) {
        open()
        await query('counter:reset', `DELETE FROM ${q}.counters WHERE key = $1`, [key])
      },
    },

    async info() {
      open()
      const rows = await query<[string, string]>(
        'info',
        `SELECT current_database(),
                pg_total_relation_size('${q}.events'::regclass) + pg_total_relation_size('${q}.secrets'::regclass)`,
        [],
      )
      return { kind: 'postgres', database: `${rows[0]![0]}/${schema}`, sizeBytes: Number(rows[0]![1]) }
    },

    close: () => close(() => pool.end()),
  }
  return store
}
