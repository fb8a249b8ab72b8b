/**
 * Two API instances on one SQLite file (each with its own store connection, books cache and per-user queue, as two
 * processes have) take 200 creates of one user at once: a create that loses the append race against the other
 * instance is decided again on the fresh books, so every create is answered 201 with its own id and none is lost.
 * A write naming a stale version is still the user's conflict: 409, nothing written.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { commandCounters, createAccounts, MAX_ATTEMPTS } from '@finance/books'
import type { EventStore } from '@finance/event-store'
import { createSqliteStore } from '@finance/event-store/sqlite'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { bodies } from './fixtures.ts'
import { call, captureMailer } from './helpers.ts'

const CREATES = 200

/**
 * The store of one instance, whose appends first wait 0–2 ms, as a round trip to a database does (its time varies):
 * the other instance gets to append meanwhile, so the two really race. In one process a SQLite append is otherwise
 * done before the other instance runs at all, and with a fixed delay the event loop would order the two instances
 * the same way every time.
 */
const slowAppends = (store: EventStore): EventStore =>
  new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (prop === 'append')
        return async (...args: Parameters<EventStore['append']>) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2))
          return target.append(...args)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })

describe('two instances on one SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'finance-two-'))
  const file = join(dir, 'books.sqlite')
  const stores = [createSqliteStore({ file }), createSqliteStore({ file })]
  const slow = stores.map(slowAppends)
  const apps: FastifyInstance[] = []
  let token = ''

  beforeAll(async () => {
    const config = testConfig({ dataDir: dir, webRoot: join(dir, 'no-web'), clientRateLimit: 1_000_000 })
    for (const store of slow) {
      const accounts = createAccounts(store, { hashCost: 4 })
      apps.push(await buildApp({ store, config, accounts, mailer: captureMailer() }))
    }
    const accounts = createAccounts(stores[0]!, { hashCost: 4 })
    const user = await accounts.register({ email: 'two@example.com', password: 'Two#Pass12', role: 'USER' })
    if (!user.ok) throw new Error(user.errors.join(' '))
    token = apps[0]!.issueToken(user.value)!.token
  })

  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const store of stores) await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers 200 concurrent creates through both with 201 each: none lost, no conflict', async () => {
    const conflictsBefore = commandCounters.conflicts
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        call(apps[i % 2]!, token, 'POST', '/api/fee', {
          dataType: 'Expense',
          dataObject: { ...bodies.Expense, name: `Bill ${i}` },
        }),
      ),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 409)).toHaveLength(0)
    expect(statuses.every((s) => s === 201)).toBe(true)
    const ids = answers.map((a) => a.json().id as number)
    expect(new Set(ids).size).toBe(CREATES)
    // Each answer is the record it created.
    expect(answers.map((a) => a.json().dataObject.name)).toEqual(answers.map((_, i) => `Bill ${i}`))
    // Both instances read all 200 from the file.
    for (const app of apps) {
      const listed = (await call(app, token, 'GET', '/api/fee/GetListByType/Expense')).json() as { id: number }[]
      expect(listed.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
    }
    // The instances did race (else this test proves nothing): some appends lost and were decided again.
    expect(commandCounters.conflicts).toBeGreaterThan(conflictsBefore)
    expect(commandCounters.mostAttempts).toBeLessThan(MAX_ATTEMPTS)
  }, 60_000)

  it('still answers a stale version with 409 and writes nothing', async () => {
    const created = await call(apps[0]!, token, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
    const id = created.json().id as number
    const changed = await call(apps[1]!, token, 'PUT', `/api/fee/${id}`, {
      dataType: 'Expense',
      version: 1,
      dataObject: { ...bodies.Expense, name: 'Changed on B' },
    })
    expect(changed.statusCode).toBe(200)
    const stale = await call(apps[0]!, token, 'PUT', `/api/fee/${id}`, {
      dataType: 'Expense',
      version: 1,
      dataObject: { ...bodies.Expense, name: 'Stale on A' },
    })
    expect(stale.statusCode).toBe(409)
    const now = (await call(apps[0]!, token, 'GET', `/api/fee/GetById/${id}`)).json()
    expect(now).toMatchObject({ version: 2, dataObject: { name: 'Changed on B' } })
  })
})
