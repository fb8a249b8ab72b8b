import { createMemoryStore, type EventStore, type NewEvent } from '@finance/event-store'
import { MAX_ATTEMPTS } from '@finance/books'
import { expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const metadata = { userId: 'other-process', correlationId: 'c', createdAt: '2026-03-10T10:00:00.000Z' }

/** A store where another writer (another process) appends to a books stream just before our next append. */
function racingStore(): {
  store: EventStore
  raceNext(event?: (n: number) => NewEvent, times?: number): void
} {
  const inner = createMemoryStore()
  let race: ((n: number) => NewEvent) | null = null
  let races = 0
  let n = 1000
  const store: EventStore = Object.create(inner)
  store.append = async (streamId, events, expected) => {
    if (race && streamId.startsWith('books-')) {
      const event = race(++n)
      if (--races <= 0) race = null
      await inner.append(streamId, [event], 'any')
    }
    return inner.append(streamId, events, expected)
  }
  const otherSetting = (id: number): NewEvent => ({
    type: 'SettingAdded',
    schemaVersion: 1,
    data: { id, kind: 'Vat', data: { date: '2020-01-01', percent: '5', paymentInterval: 1 } },
    metadata,
  })
  return {
    store,
    raceNext: (event = otherSetting, times = 1) => {
      race = event
      races = times
    },
  }
}

it('a concurrent append to other records is no conflict; one to the same record is a 409 that writes nothing', async () => {
  const { store, raceNext } = racingStore()
  h = await harness({ store })
  const t = await h.user('a@example.com')
  const laptop = await call(h.app, t, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
  expect(laptop.statusCode).toBe(201)
  // Another process adds a setting between our read and our append: the write is decided again and succeeds.
  raceNext()
  const second = await call(h.app, t, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, name: 'Second' },
  })
  expect(second.statusCode).toBe(201)
  const names = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()
  expect(names.map((r: { dataObject: { name: string } }) => r.dataObject.name)).toEqual(['Laptop', 'Second'])
  expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')).json()).toHaveLength(1)

  // Another process changes the very record we are changing from version 1: 409, and our change is not written.
  const id = laptop.json().id as number
  raceNext(() => ({
    type: 'ItemUpdated',
    schemaVersion: 2,
    data: { id, dataType: 'Expense', data: { ...bodies.Expense, name: 'Changed elsewhere' } },
    metadata,
  }))
  const stale = await call(h.app, t, 'PUT', `/api/fee/${id}`, {
    dataType: 'Expense',
    version: 1,
    dataObject: { ...bodies.Expense, name: 'Mine' },
  })
  expect(stale.statusCode).toBe(409)
  expect(stale.json().errors).toEqual(['This record was changed elsewhere. Reload it to see the latest version.'])
  expect((await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)).json()).toMatchObject({
    version: 2,
    dataObject: { name: 'Changed elsewhere' },
  })
})

it('a create is decided again after a concurrent append; one that loses every attempt is a 409 Conflict and writes nothing', async () => {
  const { store, raceNext } = racingStore()
  h = await harness({ store })
  const t = await h.user('a@example.com')
  const manualBody = { eventType: '1_Revenue', dataObject: { date: '2026-03-20', name: 'Manual', amount: '10.00' } }
  raceNext()
  const manual = await call(h.app, t, 'POST', '/api/transaction', manualBody)
  expect(manual.statusCode).toBe(201)
  const listed = async () =>
    (await call(h.app, t, 'GET', '/api/transaction/GetListByDates/2026-03-01/2026-03-31'))
      .json()
      .filter((r: { dataObject: { name: string } }) => r.dataObject.name === 'Manual')
  expect(await listed()).toHaveLength(1)
  // Another writer wins every race (more than the attempts allowed): the conflict reaches the user, nothing of ours
  // is written.
  raceNext(undefined, MAX_ATTEMPTS)
  const lost = await call(h.app, t, 'POST', '/api/transaction', manualBody)
  expect(lost.statusCode).toBe(409)
  expect(lost.json()).toEqual({ success: false, errors: ['Conflict'] })
  expect(await listed()).toHaveLength(1)
  raceNext()
  const month = await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')
  expect(month.statusCode).toBe(200)
})
