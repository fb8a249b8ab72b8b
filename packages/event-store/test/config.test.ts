import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeStoreConfig, maskUrl, openStoreFromEnv, resolveStoreConfig } from '../src/index.ts'

describe('store configuration', () => {
  it('defaults to SQLite under ./data', () => {
    expect(resolveStoreConfig({})).toEqual({ kind: 'sqlite', target: join('data', 'finance.sqlite') })
    expect(resolveStoreConfig({ FINANCE_DATA_DIR: '/var/lib/finance' }).target).toBe('/var/lib/finance/finance.sqlite')
    expect(resolveStoreConfig({ FINANCE_DATA_DIR: '/var/lib/finance' }, '/tmp/x').target).toBe('/tmp/x/finance.sqlite')
  })

  it('explains what is missing or wrong', () => {
    expect(() => resolveStoreConfig({ FINANCE_STORE: 'postgres' })).toThrow(/needs DATABASE_URL/)
    expect(() => resolveStoreConfig({ FINANCE_STORE: 'kurrentdb' })).toThrow(/needs KURRENTDB_URL/)
    expect(() => resolveStoreConfig({ FINANCE_STORE: 'mysql' })).toThrow(
      /use one of sqlite, postgres, kurrentdb, memory/,
    )
    expect(resolveStoreConfig({ FINANCE_STORE: ' Postgres ', DATABASE_URL: 'postgres://h/db' })).toEqual({
      kind: 'postgres',
      target: 'postgres://h/db',
      schema: 'finance',
    })
  })

  it('never prints a password', () => {
    expect(maskUrl('postgres://app:s3cr3t@db.example:5432/finance')).toBe('postgres://app:***@db.example:5432/finance')
    expect(maskUrl('postgres://db/finance?user=app&password=s3cr3t&sslmode=require')).toBe(
      'postgres://db/finance?user=app&password=***&sslmode=require',
    )
    expect(maskUrl('kurrentdb://admin:changeit@a:2113,b:2113?tls=false')).toBe(
      'kurrentdb://admin:***@a:2113,b:2113?tls=false',
    )
    expect(maskUrl('postgres://app@db/finance')).toBe('postgres://app@db/finance')
    const line = describeStoreConfig({ FINANCE_STORE: 'postgres', DATABASE_URL: 'postgres://app:s3cr3t@db/finance' })
    expect(line).toBe('store: postgres postgres://app:***@db/finance schema finance')
    expect(line).not.toContain('s3cr3t')
    expect(describeStoreConfig({ FINANCE_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://u:pw@h:2113' })).not.toContain(
      'pw@',
    )
    expect(describeStoreConfig({ FINANCE_STORE: 'postgres' })).toMatch(/misconfigured.*DATABASE_URL/)
    expect(describeStoreConfig({})).toBe(`store: sqlite ${join('data', 'finance.sqlite')}`)
  })

  it('opens SQLite in the given data directory, and memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finance-config-'))
    try {
      const store = await openStoreFromEnv({ env: { FINANCE_DATA_DIR: join(dir, 'sub') } })
      expect(await store.info()).toMatchObject({ kind: 'sqlite', database: 'finance.sqlite' })
      await store.close()
      const mem = await openStoreFromEnv({ env: { FINANCE_STORE: 'memory' } })
      expect((await mem.info()).kind).toBe('memory')
      await mem.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(process.env.DATABASE_URL)('opens PostgreSQL from DATABASE_URL', async () => {
    const schema = `test_cfg_${Date.now()}`
    const store = await openStoreFromEnv({
      env: { FINANCE_STORE: 'postgres', DATABASE_URL: process.env.DATABASE_URL, FINANCE_PG_SCHEMA: schema },
    })
    try {
      expect((await store.info()).database).toMatch(new RegExp(`/${schema}$`))
    } finally {
      await store.close()
      const pg = (await import('pg')).default
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await client.connect()
      await client.query(`DROP SCHEMA "${schema}" CASCADE`)
      await client.end()
    }
  })
})
