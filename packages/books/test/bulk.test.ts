/**
 * A bulk import is one command: one load, one decision, one append, and the first view after it one derivation;
 * a document that fails refuses the whole import and writes nothing.
 */
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { deriveCounter, taxesThrough } from '@finance/ledger-core'
import { isDomainError } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { DERIVE_STEP, executeBooks, forgetBooks, loadBooks, monthRows } from '../src/index.ts'
import { purchases } from './writers.ts'

const at = '2026-03-10T10:00:00.000Z'

/** A store that counts the appends to books streams. */
const countingStore = () => {
  const inner = createMemoryStore()
  const counts = { appends: 0 }
  const store: EventStore = Object.create(inner)
  store.append = (streamId, events, expected) => {
    if (streamId.startsWith('books-')) counts.appends++
    return inner.append(streamId, events, expected)
  }
  return { store, counts }
}

/** A third instance on the same store, with an empty cache: a fresh fold of every event. */
const createMemoryStoreView = (store: EventStore): EventStore => Object.create(store)

describe('bulk import', () => {
  it('2 000 items: one append, derived in steps during the write, the same books as a fresh load', async () => {
    const { store, counts } = countingStore()
    const derivedBefore = deriveCounter.computed
    const executed = await executeBooks(store, 'u1', {
      type: 'ImportDocuments',
      documents: purchases(2000),
      at,
      userId: 'u1',
    })
    if (isDomainError(executed)) throw new Error(executed.message)
    expect(executed.events).toHaveLength(2000)
    expect(counts.appends).toBe(1)
    // Folded and derived a step of `DERIVE_STEP` events at a time (each updated from the one before): the first
    // views derive nothing more.
    expect(deriveCounter.computed - derivedBefore).toBe(2000 / DERIVE_STEP)
    const derived = deriveCounter.computed
    const march = monthRows(executed.state, '2026-03', '2026-03-15')
    expect(march.filter((r) => r.eventType === '2_Fee')).toHaveLength(167)
    monthRows(executed.state, '2026-04', '2026-03-15')
    expect(deriveCounter.computed - derived).toBe(0)
    forgetBooks(store, 'u1')
    const fresh = (await loadBooks(store, 'u1')).state
    expect(taxesThrough(executed.state, '2026-12')?.result).toEqual(taxesThrough(fresh, '2026-12')?.result)
  })

  it('lets other work run between its steps: another user is answered while the import is under way', async () => {
    const { store } = countingStore()
    await executeBooks(store, 'u2', { type: 'ImportDocuments', documents: purchases(3), at, userId: 'u2' })
    let importDone = false
    const order: string[] = []
    let read: Promise<void> | null = null
    // Another user's read arrives just as the import starts (when it looks at the importer's books).
    const streamRevision = store.streamRevision.bind(store)
    store.streamRevision = (streamId) => {
      read ??= new Promise<void>((resolve) =>
        setImmediate(async () => {
          const rows = monthRows((await loadBooks(store, 'u2')).state, '2026-03', '2026-03-15')
          order.push(importDone ? 'read after the import' : `read during the import (${rows.length} rows)`)
          resolve()
        }),
      )
      return streamRevision(streamId)
    }
    await executeBooks(store, 'u1', { type: 'ImportDocuments', documents: purchases(2000), at, userId: 'u1' }).then(
      () => {
        importDone = true
        order.push('import')
      },
    )
    await read
    expect(order).toEqual(['read during the import (1 rows)', 'import'])
  })

  it("another process's bulk import: this process catches up in steps, once, to the same books", async () => {
    // Two instances on one store: each object has a cache of its own, as two processes would.
    const shared = createMemoryStore()
    const here: EventStore = Object.create(shared)
    const there: EventStore = Object.create(shared)
    await executeBooks(here, 'u1', {
      type: 'AddItem',
      dataType: 'Income',
      data: { date: '2026-03-02', name: 'Sale', amount: '5000.00', isCompany: true, percent: '23', invoiceDate: null },
      at,
      userId: 'u1',
    })
    monthRows((await loadBooks(here, 'u1')).state, '2026-03', '2026-03-15')
    await executeBooks(there, 'u1', { type: 'ImportDocuments', documents: purchases(2000), at, userId: 'u1' })
    // Another user's read comes in while this process catches up; two loads of the importer's books at once.
    await executeBooks(here, 'u2', { type: 'ImportDocuments', documents: purchases(3), at, userId: 'u2' })
    const order: string[] = []
    const derivedBefore = deriveCounter.computed
    const first = loadBooks(here, 'u1').then((b) => {
      order.push('caught up')
      return b
    })
    const second = loadBooks(here, 'u1')
    setImmediate(async () => {
      await loadBooks(here, 'u2')
      order.push('other user read')
    })
    const [a, b] = await Promise.all([first, second])
    // Folded and derived a step of `DERIVE_STEP` events at a time, once for both loads; the first views derive nothing.
    expect(deriveCounter.computed - derivedBefore).toBe(2000 / DERIVE_STEP)
    expect(b).toBe(a)
    expect(order).toEqual(['other user read', 'caught up'])
    const derived = deriveCounter.computed
    const rows = monthRows(a.state, '2026-03', '2026-03-15')
    expect(deriveCounter.computed - derived).toBe(0)
    expect(a.revision).toBe(2000n)
    const fresh = (await loadBooks(createMemoryStoreView(shared), 'u1')).state
    expect(rows).toEqual(monthRows(fresh, '2026-03', '2026-03-15'))
    expect(taxesThrough(a.state, '2026-12')?.result).toEqual(taxesThrough(fresh, '2026-12')?.result)
  })

  it('one bad document refuses the whole import and writes nothing', async () => {
    const { store, counts } = countingStore()
    const refused = await executeBooks(store, 'u1', {
      type: 'ImportDocuments',
      documents: purchases(500, (i) => (i === 321 ? 'lots' : '10.00')),
      at,
      userId: 'u1',
    })
    expect(isDomainError(refused) && refused.errors?.[0]?.field).toBe('documents.321.items.0.amount')
    expect(counts.appends).toBe(0)
    expect((await loadBooks(store, 'u1')).revision).toBeNull()
  })
})
