import { createMemoryStore, type EventStore } from '@finance/event-store'
import { afterEach, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness } from './helpers.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

/** A store where another writer (another process) appends to a books stream just before our next append. */
function racingStore(): { store: EventStore; raceNext(): void } {
  const inner = createMemoryStore()
  let race = false
  let n = 1000
  const store: EventStore = Object.create(inner)
  store.append = async (streamId, events, expected) => {
    if (race && streamId.startsWith('books-')) {
      race = false
      n++
      await inner.append(
        streamId,
        [
          {
            type: 'SettingAdded',
            schemaVersion: 1,
            data: { id: n, kind: 'Vat', data: { date: '2020-01-01', percent: '5', paymentInterval: 1 } },
            metadata: { userId: 'other-process', correlationId: 'c', createdAt: '2026-03-10T10:00:00.000Z' },
          },
        ],
        'any',
      )
    }
    return inner.append(streamId, events, expected)
  }
  return { store, raceNext: () => (race = true) }
}

it('a stale write is a 409 Conflict and writes nothing; idempotent month generation is retried', async () => {
  const { store, raceNext } = racingStore()
  h = await harness({ store })
  const t = await h.user('a@example.com')
  expect(
    (await call(h.app, t, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })).statusCode,
  ).toBe(201)
  raceNext()
  const stale = await call(h.app, t, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, name: 'Second' },
  })
  expect(stale.statusCode).toBe(409)
  expect(stale.json()).toEqual({ success: false, errors: ['Conflict'] })
  const list = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()
  expect(list.map((r: { dataObject: { name: string } }) => r.dataObject.name)).toEqual(['Laptop'])
  // The other writer's setting is seen after the conflict (the cache follows the stream).
  expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')).json()).toHaveLength(1)
  raceNext()
  const month = await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')
  expect(month.statusCode).toBe(200)
  expect(month.json().length).toBeGreaterThan(0)
})
