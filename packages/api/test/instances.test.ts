/**
 * Several instances on one PostgreSQL database: two API processes (`npm start`'s entry, separate Node processes)
 * share a schema. Each due reminder is mailed exactly once (to a real SMTP server in this process), the login limit
 * counts attempts through both, and concurrent edits of one record through both get one 200 and one 409 — never a
 * lost update. Runs when DATABASE_URL points at a PostgreSQL server (CI's `.ci/run` starts one).
 */
import { randomUUID } from 'node:crypto'
import type { EventStore } from '@finance/event-store'
import { createPostgresStore } from '@finance/event-store/postgres'
import { dateInPoland, monthTransactions } from '@finance/ledger-core/light'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { booksStream, createAccounts, executeBooks, loadBooks, verifyAcceptKey } from '@finance/books'
import { bodies } from './fixtures.ts'
import { smtpSink } from './helpers.ts'
import { postgresInstances } from './postgresInstances.ts'

const url = process.env.DATABASE_URL
const secrets = { jwt: `jwt-${randomUUID()}`, registration: 'reg-key', api: 'api-key' }
const EMAIL = 'multi@example.com'
const PASSWORD = 'Multi#Pass1'
const REMINDERS = 20

describe.skipIf(!url)('two API processes on one PostgreSQL database', () => {
  const instances = postgresInstances(url!, 'test_inst')
  let mails: string[] = []
  const bases: string[] = []
  let smtp: Awaited<ReturnType<typeof smtpSink>> | undefined
  let store: EventStore
  let userId: string

  /** Starts the server (`packages/api/bin/server.mjs`) and resolves with its base URL once it listens. */
  const startInstance = async (name: string, smtpPort: number) =>
    (
      await instances.start(name, {
        FINANCE_JWT_SECRET: secrets.jwt,
        FINANCE_REGISTRATION_KEY: secrets.registration,
        FINANCE_API_KEY: secrets.api,
        FINANCE_LOGIN_RATE_LIMIT: '6',
        FINANCE_REMINDER_INTERVAL_MS: '250',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      })
    ).base

  const json = async (base: string, method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    smtp = await smtpSink()
    mails = smtp.received
    const smtpPort = smtp.port

    // One user whose books hold 20 expenses due today, each with its notification on.
    store = await createPostgresStore({ connectionString: url!, schema: instances.schema })
    const accounts = createAccounts(store, { hashCost: 4 })
    const user = await accounts.register({ email: EMAIL, password: PASSWORD, role: 'USER', language: 'en' })
    if (!user.ok) throw new Error(user.errors.join(' '))
    userId = user.value.id
    const today = dateInPoland(new Date())
    const run = async (command: Record<string, unknown>) => {
      const r = await executeBooks(store, userId, { ...command, at: new Date().toISOString(), userId } as never)
      if ('code' in r) throw new Error(r.message)
      return r
    }
    let state = (await loadBooks(store, userId)).state
    for (let i = 1; i <= REMINDERS; i++)
      state = (
        await run({ type: 'AddItem', dataType: 'Expense', data: { ...bodies.Expense, name: `Bill ${i}`, date: today } })
      ).state
    const rows = monthTransactions(state, today.slice(0, 7), today).filter((t) => t.dataObject.name.startsWith('Bill '))
    expect(rows).toHaveLength(REMINDERS)
    for (const row of rows) await run({ type: 'SetTransactionFlags', id: row.id, notification: true })

    bases.push(await startInstance('a', smtpPort), await startInstance('b', smtpPort))
  }, 120_000)

  afterAll(async () => {
    await instances.stop()
    await store?.close()
    await smtp?.close()
    await instances.drop()
  }, 60_000)

  it('mail each due reminder exactly once between them', async () => {
    const stream = booksStream(userId)
    const sentEvents = async () =>
      (await store.readStream(stream))
        .filter((e) => e.type === 'ReminderSent')
        .map((e) => (e.data as { id: string }).id)
    const deadline = Date.now() + 60_000
    while ((await sentEvents()).length < REMINDERS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    // A few more ticks of both instances: nothing more may go out.
    await new Promise((r) => setTimeout(r, 1500))
    const recorded = await sentEvents()
    expect(recorded).toHaveLength(REMINDERS)
    expect(new Set(recorded).size).toBe(REMINDERS)
    const mailed = mails.map((m) => {
      const key = /accept\?key=([\w.%-]+)/.exec(m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!
      return String(verifyAcceptKey(secrets.jwt, decodeURIComponent(key), Date.now())!.transactionId)
    })
    expect(mailed.sort()).toEqual([...recorded].sort())
    const { state } = await loadBooks(store, userId)
    expect([...state.flags.values()].filter((f) => f.notificationCompleted)).toHaveLength(REMINDERS)
  }, 90_000)

  it('count login attempts through both against one limit', async () => {
    const [a, b] = bases as [string, string]
    const statuses: number[] = []
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await json(i % 2 === 0 ? a : b, 'POST', 'account/login', { email: EMAIL, password: `guess-${i}` })).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429])
  })

  it('answer concurrent edits of one record through both with one 200 and one 409, never a lost update', async () => {
    const [a, b] = bases as [string, string]
    // A fresh account: the other one is locked out by the previous test for a minute.
    const accounts = createAccounts(store, { hashCost: 4 })
    const editor = await accounts.register({ email: 'editor@example.com', password: PASSWORD, role: 'USER' })
    expect(editor.ok).toBe(true)
    const token = (await json(a, 'POST', 'account/login', { email: 'editor@example.com', password: PASSWORD })).body
      .token as string
    const created = await json(a, 'POST', 'fee', { dataType: 'Vat', dataObject: bodies.Vat }, token)
    expect(created.status).toBe(201)
    const id = created.body.id as number
    let version = created.body.version as number
    // Each round both sides set a statutory rate (only those are valid) other than the one in force.
    let inForce: string = bodies.Vat.percent
    for (let round = 0; round < 10; round++) {
      const edit = (base: string, percent: string) =>
        json(base, 'PUT', `fee/${id}`, { dataType: 'Vat', version, dataObject: { ...bodies.Vat, percent } }, token)
      const others = ['23', '8', '5', '0'].filter((r) => r !== inForce)
      const [forA, forB] = [others[round % 3]!, others[(round + 1) % 3]!]
      const [fromA, fromB] = await Promise.all([edit(a, forA), edit(b, forB)])
      expect([fromA.status, fromB.status].sort()).toEqual([200, 409])
      const winner = fromA.status === 200 ? fromA : fromB
      const loser = fromA.status === 200 ? fromB : fromA
      expect(loser.body.errors).toEqual(['This record was changed elsewhere. Reload it to see the latest version.'])
      const now = await json(round % 2 === 0 ? b : a, 'GET', `fee/GetById/${id}`, undefined, token)
      expect(now.body.version).toBe(version + 1)
      expect(now.body.dataObject).toEqual(winner.body.dataObject)
      inForce = (now.body.dataObject as { percent: string }).percent
      version = now.body.version as number
    }
  }, 60_000)
})
