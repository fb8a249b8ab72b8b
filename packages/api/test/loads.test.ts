/**
 * One write request loads the caller's books once: the command reads the books, decides and appends, and the answer
 * is the saved record from the state it produced. A load is a look at the stream's head (`streamRevision`) and any
 * read of the stream after it; counted through a store that wraps the memory store.
 */
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

function countingStore(): { store: EventStore; counts: { heads: number; reads: number } } {
  const inner = createMemoryStore()
  const counts = { heads: 0, reads: 0 }
  const store: EventStore = Object.create(inner)
  store.streamRevision = (streamId) => {
    if (streamId.startsWith('books-')) counts.heads++
    return inner.streamRevision(streamId)
  }
  store.readStream = (streamId, options) => {
    if (streamId.startsWith('books-')) counts.reads++
    return inner.readStream(streamId, options)
  }
  return { store, counts }
}

it('a create, an update, a delete and a company record save load the books once per request', async () => {
  const { store, counts } = countingStore()
  h = await harness({ store })
  const t = await h.user('loads@example.com')
  const loadsOf = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    counts.heads = 0
    const res = await call(h.app, t, method, url, body)
    return { res, loads: counts.heads }
  }
  // The first request of a process folds the stream: warm the cache as any earlier request would.
  await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')

  const created = await loadsOf('POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
  expect(created.res.statusCode).toBe(201)
  expect(created.res.json()).toMatchObject({ dataType: 'Expense', version: 1, dataObject: { name: 'Laptop' } })
  expect(created.loads).toBe(1)

  const id = created.res.json().id as number
  const updated = await loadsOf('PUT', `/api/fee/${id}`, {
    dataType: 'Expense',
    version: 1,
    dataObject: { ...bodies.Expense, name: 'Laptop 2' },
  })
  expect(updated.res.statusCode).toBe(200)
  expect(updated.res.json()).toMatchObject({ id, version: 2, dataObject: { name: 'Laptop 2' } })
  expect(updated.loads).toBe(1)

  const company = await loadsOf('POST', '/api/config', { dataType: 'Primary', dataObject: bodies.Primary })
  expect(company.res.statusCode).toBe(201)
  expect(company.loads).toBe(1)

  const removed = await loadsOf('DELETE', `/api/fee/${id}`)
  expect(removed.res.json()).toEqual({ success: true, id })
  expect(removed.loads).toBe(1)

  // Nothing of the books is read twice: the stream is only read for the events appended by another process.
  expect(counts.reads).toBe(0)
})
