/**
 * A store written by the frozen-month model (months recorded on first view, flags keyed by integer row ids),
 * exported as JSON lines (`fixtures/frozen-store.jsonl`) together with what that model's API showed for each month
 * and the Accept links it mailed (`fixtures/frozen-store.json`). Read by today's code, every tick lands on the row's
 * identity, old ids and old links keep working, and the months show the current books.
 */
import { readFileSync } from 'node:fs'
import { createMemoryStore, type EventStore, type NewEvent } from '@finance/event-store'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccounts } from '@finance/books'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { call, captureMailer } from './helpers.ts'

interface OldRow {
  id: number
  eventType: string
  dataType: string
  date: string
  completed: boolean
  notification: boolean
  notificationCompleted: boolean
  dataObject: { name: string; itemId: number | null; sum: string; period: { from: string; to: string } | null }
}
interface Fixture {
  writtenAt: string
  userId: string
  acceptKeys: Record<'rent' | 'vat', { transactionId: number; key: string; acceptedBefore: boolean }>
  manual: { completed: number; deleted: number }
  deletedGeneratedRow: number
  views: Record<string, OldRow[]>
}
type Tx = Omit<OldRow, 'id'> & { id: string; paidAmount: string | null; remainingAmount: string | null }

const dir = new URL('./fixtures/', import.meta.url)
const fixture = JSON.parse(readFileSync(new URL('frozen-store.json', dir), 'utf8')) as Fixture

/** Appends the exported events stream by stream, in their global order. */
const importLines = async (store: EventStore, text: string) => {
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const e = JSON.parse(line) as NewEvent & { streamId: string; revision: string }
    const revision = BigInt(e.revision)
    const { eventId, type, schemaVersion, data, metadata } = e
    await store.append(
      e.streamId,
      [{ eventId, type, schemaVersion, data, metadata }],
      revision === 0n ? 'no_stream' : revision - 1n,
    )
  }
}

/** The identity of an old row, from its origin: the item and month, or the tax and the month it paid for. */
const identityOf = (r: OldRow): string => {
  if (r.eventType === '1_Revenue' || r.eventType === '2_Fee') return `i${r.dataObject.itemId}-${r.date.slice(0, 7)}`
  const prefix = { '3_Vat': 'vat', '4_Pit': 'pit', '5_SocialSecurity': 'zus' }[r.eventType]
  return `${prefix}-${r.dataObject.period!.from}`
}

let app: FastifyInstance
let token: string
const month = async (ym: string) =>
  (await call(app, token, 'GET', `/api/transaction/getCurrentMonth/${ym}-01`)).json() as Tx[]
const byId = async (id: string | number) => call(app, token, 'GET', `/api/transaction/GetById/${id}`)

beforeAll(async () => {
  const store = createMemoryStore()
  await importLines(store, readFileSync(new URL('frozen-store.jsonl', dir), 'utf8'))
  const now = () => new Date(Date.parse(fixture.writtenAt) + 60 * 60 * 1000)
  const accounts = createAccounts(store, { hashCost: 4, now })
  app = await buildApp({ store, config: testConfig(), accounts, mailer: captureMailer(), now })
  await app.ready()
  const user = await accounts.findById(fixture.userId)
  if (!user) throw new Error('the fixture user is missing')
  token = app.issueToken(user)!.token
})
afterAll(async () => {
  await app?.close()
})

describe('a store written by the frozen-month model', () => {
  it('every flag the old views showed is on the row of the same origin now', async () => {
    let flagged = 0
    for (const [ym, rows] of Object.entries(fixture.views)) {
      const now = await month(ym)
      for (const old of rows) {
        const id = old.dataType === 'Manual' ? String(old.id) : identityOf(old)
        const row = now.find((r) => r.id === id)
        expect(row, `${ym} ${id} (old id ${old.id})`).toBeDefined()
        expect(
          { id, completed: row!.completed, notification: row!.notification, sent: row!.notificationCompleted },
          `${ym} old id ${old.id}`,
        ).toEqual({ id, completed: old.completed, notification: old.notification, sent: old.notificationCompleted })
        if (old.completed || old.notification || old.notificationCompleted) flagged++
      }
    }
    // Ten generated rows and one manual row carried ticks.
    expect(flagged).toBe(11)
  })

  it('old ids still name their rows (GetById, PUT), a deleted row stays deleted', async () => {
    for (const rows of Object.values(fixture.views))
      for (const old of rows) {
        const res = await byId(old.id)
        expect(res.statusCode, `old id ${old.id}`).toBe(200)
        expect((res.json() as Tx).id).toBe(old.dataType === 'Manual' ? String(old.id) : identityOf(old))
      }
    expect((await byId(fixture.deletedGeneratedRow)).statusCode).toBe(404)
    expect((await month('2026-01')).some((r) => r.dataObject.name === 'Rent')).toBe(false)
    expect((await byId(fixture.manual.deleted)).statusCode).toBe(404)
    expect((await byId(fixture.manual.completed)).json()).toMatchObject({ completed: true, paidAmount: '100.00' })
    // A PUT by an old id acts on the identity.
    const put = await call(app, token, 'PUT', '/api/transaction/36', { notification: true })
    expect(put.json()).toMatchObject({ id: 'pit-2026-03', notification: true })
  })

  it('a payment completed before its amount grew stays completed and shows the remainder', async () => {
    const vat = (await month('2026-02')).find((r) => r.id === 'vat-2026-01')!
    // Paid 943.00 as the frozen February showed it; the back-dated January invoice added 230.00 of VAT.
    expect(vat).toMatchObject({ completed: true, paidAmount: '943.00', remainingAmount: '230.00' })
    expect(vat.dataObject.sum).toBe('1173.00')
  })

  it('items added after a month was viewed show without a reset; resets of the old model stay done', async () => {
    expect((await month('2026-03')).some((r) => r.dataObject.name === 'Late')).toBe(true)
    expect((await month('2026-01')).some((r) => r.dataObject.name === 'Late invoice 2/01')).toBe(true)
    expect((await month('2025-12')).find((r) => r.dataObject.name === 'Desk')?.completed).toBe(false)
    const april = await month('2026-04')
    expect(april.find((r) => r.dataObject.name === 'Retainer')?.completed).toBe(false)
    expect(april.find((r) => r.dataObject.name === 'Rent')?.completed).toBe(true)
  })

  it('Accept links mailed with integer ids still work', async () => {
    const accept = (key: string) =>
      app.inject({ method: 'GET', url: `/api/transaction/Accept?key=${encodeURIComponent(key)}` })
    const rent = await accept(fixture.acceptKeys.rent.key)
    expect(rent.json()).toEqual({ success: true, message: 'Transakcja była już oznaczona jako zrealizowana.' })
    const vat = await accept(fixture.acceptKeys.vat.key)
    expect(vat.json()).toEqual({ success: true, message: 'Transakcja oznaczona jako zrealizowana.' })
    const byOld = await byId(fixture.acceptKeys.vat.transactionId)
    expect(byOld.json()).toMatchObject({ id: 'vat-2026-02', completed: true })
    const path = `/api/transaction/Accept/${fixture.acceptKeys.vat.transactionId}?key=${encodeURIComponent(fixture.acceptKeys.vat.key)}`
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200)
  })
})
