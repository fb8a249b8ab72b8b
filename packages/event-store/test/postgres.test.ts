import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { describeEventStoreContract, ev } from '../src/contract.ts'
import { StoreNotFound } from '../src/port.ts'
import { createPostgresStore, migratePostgres, POSTGRES_MIGRATIONS } from '../src/postgres.ts'

const url = process.env.DATABASE_URL

/** Every store gets its own schema, dropped afterwards, so parallel runs on one server never collide. */
async function freshSchema(connectionString: string, schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`) {
  const store = await createPostgresStore({ connectionString, schema })
  return {
    store,
    schema,
    cleanup: async () => {
      const client = new pg.Client({ connectionString })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await client.end()
    },
  }
}

if (url) {
  describeEventStoreContract('postgres', () => freshSchema(url), { kind: 'postgres' })

  describe('PostgreSQL adapter specifics', () => {
    it('records migrations once per schema and reports size and database', async () => {
      const { store, schema, cleanup } = await freshSchema(url)
      try {
        await store.append('s-1', [ev('A')], 'no_stream')
        const info = await store.info()
        expect(info.kind).toBe('postgres')
        expect(info.database).toBe(`postgres/${schema}`)
        expect(info.sizeBytes).toBeGreaterThan(0)
        const pool = new pg.Pool({ connectionString: url })
        expect(await migratePostgres(pool, schema)).toEqual([])
        const rows = await pool.query(`SELECT version, name FROM "${schema}".schema_migrations ORDER BY version`)
        expect(rows.rows).toEqual(POSTGRES_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
        await pool.end()
      } finally {
        await store.close()
        await cleanup()
      }
    })

    it('with create: false opens an existing schema and creates none when it is missing', async () => {
      const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
      const missing = createPostgresStore({ connectionString: url, schema, create: false })
      await expect(missing).rejects.toThrow(StoreNotFound)
      await expect(missing).rejects.toThrow(new RegExp(`schema ${schema}$`))
      const pool = new pg.Pool({ connectionString: url })
      const found = await pool.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema])
      expect(found.rowCount).toBe(0)
      await pool.end()
      const { store, cleanup } = await freshSchema(url, schema)
      try {
        await store.append('s-1', [ev('A')], 'no_stream')
        const opened = await createPostgresStore({ connectionString: url, schema, create: false })
        expect(await opened.headPosition()).toBe(1n)
        await opened.close()
      } finally {
        await store.close()
        await cleanup()
      }
    })

    it('works in a schema whose name is as long as PostgreSQL allows (prepared statement names stay apart)', async () => {
      const schema = `test_${randomUUID().replaceAll('-', '')}`.padEnd(63, 'x')
      const store = await createPostgresStore({ connectionString: url, schema })
      try {
        await store.append('s-1', [ev('A'), ev('B')], 'no_stream')
        await store.append('t-1', [ev('A')], 'no_stream')
        // Statements whose names share their first 63 characters: distinct queries, distinct answers.
        expect((await store.readAll({ streamPrefixes: ['s-'], maxCount: 10 })).events).toHaveLength(2)
        expect((await store.readAll({ streamPrefixes: ['s-'], eventTypes: ['B'], maxCount: 10 })).events).toHaveLength(
          1,
        )
        expect((await store.readAll({ direction: 'backwards', maxCount: 10 })).events).toHaveLength(3)
        expect((await store.counters.increment('k', 1000)).value).toBe(1)
      } finally {
        await store.close()
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
        await client.end()
      }
    })

    it('rejects an unsafe schema name', async () => {
      await expect(createPostgresStore({ connectionString: url, schema: 'x"; DROP TABLE y; --' })).rejects.toThrow(
        /Invalid PostgreSQL schema name/,
      )
    })
  })
} else {
  describe.skip('EventStore contract: postgres (skipped: set DATABASE_URL to a PostgreSQL server to run it)', () => {
    it('needs DATABASE_URL', () => {})
  })
}
