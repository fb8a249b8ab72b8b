/**
 * The restore drill: a year of a trader's books on SQLite → a backup while another user goes on writing → the store
 * wiped → restored from the backup → the same replay digest, the same twelve month views, and the server starts on
 * the restored store (the users log in with their passwords: the secrets came back too).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createBackup, restoreBackup, storeDigest } from '@finance/books/backup'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { bodies } from './fixtures.ts'
import { ADMIN, call, harness, PASSWORD, seeded } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-drill-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const lastDay = (m: number) => new Date(Date.UTC(2026, m, 0)).getUTCDate()
const mm = (m: number) => String(m).padStart(2, '0')

// A year of requests on a shared machine: a generous bound, not a speed check (speed belongs in the benchmarks).
it('restores a year of books taken while writes went on: same digest, same months, the server starts', {
  timeout: 120_000,
}, async () => {
  const file = join(dir, 'finance.sqlite')
  const store = createSqliteStore({ file })
  const h = await harness({ store, now: '2026-12-20T10:00:00.000Z' })
  const anna = await seeded(h, 'anna@example.com')
  const months = Array.from({ length: 12 }, (_, i) => i + 1)
  for (const m of months) {
    const date = `2026-${mm(m)}-05`
    const income = { ...bodies.Income, date, invoiceDate: date, name: `Faktura ${m}/2026`, amount: `${m * 1000}.50` }
    const expense = { ...bodies.Expense, date, invoiceDate: date, name: `Koszt ${m}`, amount: `${m * 100}.25` }
    expect(
      (await call(h.app, anna, 'POST', '/api/revenue', { dataType: 'Income', dataObject: income })).statusCode,
    ).toBe(201)
    expect((await call(h.app, anna, 'POST', '/api/fee', { dataType: 'Expense', dataObject: expense })).statusCode).toBe(
      201,
    )
    // The month's first rows done, as a trader ticks them off.
    const rows = (
      await call(h.app, anna, 'GET', `/api/transaction/GetListByDates/2026-${mm(m)}-01/2026-${mm(m)}-${lastDay(m)}`)
    ).json()
    for (const row of rows.slice(0, 3))
      expect((await call(h.app, anna, 'PUT', `/api/transaction/${row.id}`, { completed: true })).statusCode).toBe(200)
  }
  const monthViews = async (app: typeof h.app, token: string) => {
    const views: unknown[] = []
    for (const m of months)
      views.push(
        (
          await call(app, token, 'GET', `/api/transaction/GetListByDates/2026-${mm(m)}-01/2026-${mm(m)}-${lastDay(m)}`)
        ).json(),
      )
    return views
  }
  const before = await monthViews(h.app, anna)
  expect(before.flat().length).toBeGreaterThan(80)

  // Bob writes all along: before, during and after the backup.
  const bob = await h.user('bob@example.com')
  let writing = true
  let written = 0
  const writer = (async () => {
    while (writing) {
      const res = await call(h.app, bob, 'POST', '/api/revenue', {
        dataType: 'Income',
        dataObject: { ...bodies.Income, name: `Bob ${written}` },
      })
      if (res.statusCode !== 201) throw new Error(res.body)
      written++
    }
  })()
  const until = async (n: number) => {
    while (written < n) await new Promise((r) => setTimeout(r, 5))
  }
  await until(3)
  const out = join(dir, 'backup.sqlite')
  const backup = await createBackup(store, { out, sqliteFile: file })
  const atBackup = written
  await until(atBackup + 3)
  writing = false
  await writer
  // The backup is the store as of one commit, taken while Bob went on writing after it.
  expect(await store.headPosition()).toBeGreaterThan(BigInt(backup.manifest.head))
  expect((await storeDigest(store, { before: BigInt(backup.manifest.head) + 1n })).digest).toBe(backup.manifest.digest)
  expect(backup.manifest.books).toBe(2)
  expect(backup.sizeBytes).toBe(statSync(out).size)

  // The disk is lost.
  await h.close()
  await store.close()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })

  const restored = createSqliteStore({ file })
  const result = await restoreBackup(out, restored)
  expect(result.digest).toBe(backup.manifest.digest)
  expect(result.events).toBe(backup.manifest.events)
  expect((await storeDigest(restored)).digest).toBe(backup.manifest.digest)

  // The server starts on the restored store; Anna logs in with her own password and finds her year as it was.
  const h2 = await harness({ store: restored, now: '2026-12-20T10:00:00.000Z' })
  const anna2 = await h2.login('anna@example.com', PASSWORD)
  expect(await monthViews(h2.app, anna2)).toEqual(before)
  // And the books take new writes on from where they were.
  expect(
    (await call(h2.app, anna2, 'POST', '/api/revenue', { dataType: 'Income', dataObject: bodies.Income })).statusCode,
  ).toBe(201)
  await h2.close()
  await restored.close()
  console.info(
    `restore drill: ${backup.manifest.events} events, ${backup.sizeBytes} bytes, backup ${backup.seconds.toFixed(3)} s, ` +
      `restore ${result.seconds.toFixed(3)} s, digest ${backup.manifest.digest}; Bob wrote ${written} meanwhile`,
  )
})

const url = process.env.DATABASE_URL

/** A PostgreSQL store in a schema of its own, dropped by `drop`. */
const pgStore = async (connectionString: string) => {
  const { createPostgresStore } = await import('@finance/event-store/postgres')
  const schema = `drill_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const store = await createPostgresStore({ connectionString, schema })
  const drop = async () => {
    const pg = (await import('pg')).default
    const client = new pg.Client({ connectionString })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await client.end()
  }
  return { store, drop }
}

it.skipIf(!url)(
  'backs PostgreSQL up through the store port and restores it into PostgreSQL or SQLite',
  { timeout: 120_000 },
  async () => {
    const source = await pgStore(url!)
    const target = await pgStore(url!)
    const sqliteTarget = createSqliteStore({ file: join(dir, 'from-postgres.sqlite') })
    try {
      const h = await harness({ store: source.store, now: '2026-12-20T10:00:00.000Z' })
      const anna = await seeded(h, 'anna@example.com')
      const march = (app: typeof h.app, t: string) =>
        call(app, t, 'GET', '/api/transaction/GetListByDates/2026-03-01/2026-03-31')
      const before = (await march(h.app, anna)).json()
      const out = join(dir, 'postgres-backup.sqlite')
      const backup = await createBackup(source.store, { out })
      expect(backup.manifest.source.kind).toBe('postgres')
      expect(backup.manifest.secrets).toBeGreaterThanOrEqual(2)
      await h.close()
      for (const store of [target.store, sqliteTarget]) {
        const result = await restoreBackup(out, store)
        expect(result.digest).toBe(backup.manifest.digest)
        const h2 = await harness({ store, now: '2026-12-20T10:00:00.000Z' })
        expect((await march(h2.app, await h2.login('anna@example.com', PASSWORD))).json()).toEqual(before)
        await h2.close()
      }
    } finally {
      await source.store.close()
      await target.store.close()
      await sqliteTarget.close()
      await source.drop()
      await target.drop()
    }
  },
)

it('backs up on a schedule, once an interval across instances, keeps the newest and shows the last to an ADMIN', {
  timeout: 120_000,
}, async () => {
  const file = join(dir, 'scheduled', 'finance.sqlite')
  const backupDir = join(dir, 'scheduled', 'backups')
  const store = createSqliteStore({ file })
  const backup = { dir: backupDir, intervalMs: 3_600_000, keep: 2, sqliteFile: file }
  const h = await harness({ store, now: '2026-05-01T02:00:00.000Z', config: { backup } })
  const other = await harness({ store, now: '2026-05-01T02:00:00.000Z', config: { backup } })
  const anna = await seeded(h, 'anna@example.com')
  // Nothing yet: the Settings screen says so.
  const none = (await call(h.app, h.adminToken, 'GET', '/api/admin/backup')).json()
  expect(none).toEqual({ configured: true, intervalHours: 1, keep: 2, last: null })

  const first = await h.app.runBackup()
  expect(first).toMatchObject({ ok: true, file: 'finance-backup-20260501T020000Z.sqlite', error: null })
  // The second instance finds this interval claimed.
  expect(await other.app.runBackup()).toBeNull()
  for (const hour of ['03', '04']) {
    h.clock.now = new Date(`2026-05-01T${hour}:00:00.000Z`)
    expect((await h.app.runBackup())?.ok).toBe(true)
  }
  expect(readdirSync(backupDir).sort()).toEqual([
    'finance-backup-20260501T030000Z.sqlite',
    'finance-backup-20260501T030000Z.sqlite.sha256',
    'finance-backup-20260501T040000Z.sqlite',
    'finance-backup-20260501T040000Z.sqlite.sha256',
  ])
  // Sessions last twenty minutes: the clock has moved two hours.
  const admin = await h.login(ADMIN.email, ADMIN.password)
  const status = (await call(h.app, admin, 'GET', '/api/admin/backup')).json()
  expect(status.last).toMatchObject({ ok: true, file: 'finance-backup-20260501T040000Z.sqlite', error: null })
  expect(status.last.digest).toBe((await storeDigest(store)).digest)
  // Another instance, which ran none itself, reads the newest file's manifest.
  expect((await call(other.app, admin, 'GET', '/api/admin/backup')).json().last).toMatchObject({
    ok: true,
    file: 'finance-backup-20260501T040000Z.sqlite',
    digest: status.last.digest,
  })
  // Only an ADMIN sees it.
  expect(anna).not.toBe('')
  const anna2 = await h.login('anna@example.com', PASSWORD)
  expect((await call(h.app, anna2, 'GET', '/api/admin/backup')).statusCode).toBe(403)
  expect((await call(h.app, null, 'GET', '/api/admin/backup')).statusCode).toBe(401)

  // A failure is reported, not thrown: the directory cannot be written.
  rmSync(backupDir, { recursive: true, force: true })
  writeFileSync(backupDir, 'not a directory')
  h.clock.now = new Date('2026-05-01T05:00:00.000Z')
  expect(await h.app.runBackup()).toMatchObject({ ok: false, file: null, error: 'failed' })
  const admin2 = await h.login(ADMIN.email, ADMIN.password)
  expect((await call(h.app, admin2, 'GET', '/api/admin/backup')).json().last).toMatchObject({ ok: false })
  await h.close()
  await other.close()
  await store.close()
})
