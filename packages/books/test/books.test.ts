import { createMemoryStore } from '@finance/event-store'
import { CURRENT_VERSIONS, isDomainError, listRecords } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { booksStream, executeBooks, loadBooks } from '../src/index.ts'
import { addExpense } from './writers.ts'

const meta = { userId: 'u1', correlationId: 'c', createdAt: '2026-01-01T00:00:00.000Z' }
const at = '2026-01-01T00:00:00.000Z'

describe('books glue', () => {
  it('upcasts stored v1 events on read and folds them with current ones', async () => {
    const store = createMemoryStore()
    await store.append(
      booksStream('u1'),
      [
        {
          type: 'ItemAdded',
          schemaVersion: 1,
          data: {
            id: 1,
            dataType: 'Expense',
            data: { date: '2025-05-01', name: 'Old', amount: 12.5, isCompany: false, percent: 0 },
          },
          metadata: meta,
        },
      ],
      'no_stream',
    )
    const { state, revision } = await loadBooks(store, 'u1')
    expect(revision).toBe(0n)
    expect(listRecords(state, 'Expense')[0]?.dataObject).toMatchObject({
      amount: '12.50',
      percent: '0',
      invoiceDate: null,
    })
    // The next decision continues from the upcast state: ids keep counting.
    const added = await executeBooks(
      store,
      'u1',
      addExpense('u1', at, {
        date: '2025-06-01',
        name: 'New',
        amount: '1.00',
        isCompany: false,
        percent: '0',
        invoiceDate: null,
      }),
    )
    expect(isDomainError(added)).toBe(false)
    if (!isDomainError(added)) expect(added.revision).toBe(1n)
    const events = await store.readStream(booksStream('u1'))
    expect(events.map((e) => [e.type, e.schemaVersion])).toEqual([
      ['ItemAdded', 1],
      ['ItemAdded', CURRENT_VERSIONS.ItemAdded],
    ])
    expect(events[1]!.metadata.userId).toBe('u1')
    expect((events[1]!.data as { id: number }).id).toBe(2)
  })

  it('returns domain errors unchanged and writes nothing; serves reads from the cache until the stream moves', async () => {
    const store = createMemoryStore()
    const bad = await executeBooks(store, 'u2', { type: 'AddSetting', kind: 'Vat', data: {}, at, userId: 'u2' })
    expect(isDomainError(bad) && bad.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['date', 'percent']))
    expect(await store.streamRevision(booksStream('u2'))).toBeNull()
    const first = await loadBooks(store, 'u2')
    expect(await loadBooks(store, 'u2')).toBe(first)
    await executeBooks(
      store,
      'u2',
      {
        type: 'AddSetting',
        kind: 'Vat',
        data: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
        at,
        userId: 'u2',
      },
      { actor: 'cli' },
    )
    const second = await loadBooks(store, 'u2')
    expect(second).not.toBe(first)
    expect(second.revision).toBe(0n)
    expect((await store.readStream(booksStream('u2')))[0]!.metadata.userId).toBe('cli')
  })

  it('serialises concurrent commands of one user in one process (no self-inflicted conflicts)', async () => {
    const store = createMemoryStore()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        executeBooks(store, 'u3', {
          type: 'AddItem',
          dataType: 'Income',
          data: {
            date: '2026-01-01',
            name: `I${i}`,
            amount: '1.00',
            isCompany: false,
            percent: '0',
            invoiceDate: null,
          },
          at,
          userId: 'u3',
        }),
      ),
    )
    expect(results.every((r) => !isDomainError(r))).toBe(true)
    expect(await store.streamRevision(booksStream('u3'))).toBe(19n)
    expect(
      listRecords((await loadBooks(store, 'u3')).state, 'Income')
        .map((r) => r.id)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })
})
