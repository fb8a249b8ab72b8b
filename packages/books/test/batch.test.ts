/**
 * Group commit: the commands of one user that arrive together are decided one after another on the books the ones
 * before them left, and written in one append; each is answered as if it had been written alone.
 */
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand, listRecords } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { batchCounters, booksStream, executeBooks, type Executed, forgetBooks, loadBooks } from '../src/index.ts'
import { contactSavedElsewhere, wrote } from './writers.ts'

const at = '2026-03-10T10:00:00.000Z'
const add = (userId: string, name: string, amount = '100.00'): LedgerCommand => ({
  type: 'AddItem',
  dataType: 'Expense',
  data: { date: '2026-03-05', name, amount, isCompany: true, percent: '23', invoiceDate: null },
  at,
  userId,
})

/** A memory store that counts appends of books streams, and can let another writer append just before ours. */
function countingStore() {
  const inner = createMemoryStore()
  const counts = { appends: 0, races: 0 }
  const store: EventStore = Object.create(inner)
  store.append = async (streamId, events, expected) => {
    if (streamId.startsWith('books-')) {
      counts.appends++
      if (counts.races > 0) {
        counts.races--
        await inner.append(streamId, [contactSavedElsewhere('other@example.com', at)], 'any')
      }
    }
    return inner.append(streamId, events, expected)
  }
  return { store, counts }
}

const executed = (r: Executed | { code: string }): Executed => wrote(r)

describe('group commit', () => {
  it('writes 20 commands that arrive together in one append, each answered with its own books', async () => {
    const { store, counts } = countingStore()
    const before = { ...batchCounters }
    const results = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => executeBooks(store, 'u1', add('u1', `Bill ${i}`))))
    ).map(executed)
    expect(counts.appends).toBe(1)
    expect(batchCounters.appends - before.appends).toBe(1)
    expect(batchCounters.commands - before.commands).toBe(20)
    // In order: each decided on the books the ones before it left (ids 1…20, revisions 0…19).
    expect(results.map((r) => r.revision)).toEqual(Array.from({ length: 20 }, (_, i) => BigInt(i)))
    results.forEach((r, i) => {
      const names = listRecords(r.state, 'Expense').map((x) => x.dataObject.name)
      expect(names).toEqual(Array.from({ length: i + 1 }, (_, k) => `Bill ${k}`))
      expect(r.before).toBe(i === 0 ? results[0]!.before : results[i - 1]!.state)
    })
    // The cache holds the last command's books, and a fresh fold of the stream is the same books.
    const cached = await loadBooks(store, 'u1')
    expect(cached.state).toBe(results[19]!.state)
    forgetBooks(store, 'u1')
    const fresh = await loadBooks(store, 'u1')
    expect(fresh.revision).toBe(19n)
    expect(listRecords(fresh.state, 'Expense')).toEqual(listRecords(cached.state, 'Expense'))
    // (The first command of the file loads the decider: seconds on a busy machine.)
  }, 30_000)

  it('a refused command of the batch writes nothing and the others are written', async () => {
    const { store } = countingStore()
    const results = await Promise.all([
      executeBooks(store, 'u2', add('u2', 'A')),
      executeBooks(store, 'u2', add('u2', 'Bad', 'not an amount')),
      executeBooks(store, 'u2', add('u2', 'C')),
    ])
    expect(isDomainError(results[1] as never)).toBe(true)
    expect(executed(results[0]!).revision).toBe(0n)
    expect(executed(results[2]!).revision).toBe(1n)
    const events = await store.readStream(booksStream('u2'))
    expect(events.map((e) => (e.data as { data: { name: string } }).data.name)).toEqual(['A', 'C'])
  })

  it('a command that throws fails alone', async () => {
    const { store } = countingStore()
    const broken = { ...add('u3', 'X'), type: 'NoSuchCommand' } as unknown as LedgerCommand
    const settled = await Promise.allSettled([
      executeBooks(store, 'u3', add('u3', 'A')),
      executeBooks(store, 'u3', broken).then((r) => {
        // The decider may refuse an unknown command instead of throwing: either way nothing of it is written.
        if (isDomainError(r)) throw new Error(r.code)
        return r
      }),
      executeBooks(store, 'u3', add('u3', 'B')),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    const names = listRecords((await loadBooks(store, 'u3')).state, 'Expense').map((r) => r.dataObject.name)
    expect(names).toEqual(['A', 'B'])
  })

  it('a lost race decides the whole batch again on the fresh books', async () => {
    const { store, counts } = countingStore()
    counts.races = 1
    const results = (await Promise.all([1, 2, 3].map((i) => executeBooks(store, 'u4', add('u4', `Bill ${i}`))))).map(
      executed,
    )
    // The first append lost to the other writer's event (revision 0); the batch was decided again after it.
    expect(counts.appends).toBe(2)
    expect(results.map((r) => r.revision)).toEqual([1n, 2n, 3n])
    expect(listRecords(results[2]!.state, 'Contact')).toHaveLength(1)
    const events = await store.readStream(booksStream('u4'))
    expect(events.map((e) => e.type)).toEqual(['CompanyRecordSaved', 'ItemAdded', 'ItemAdded', 'ItemAdded'])
  })

  it('commands of different users are written in their own appends', async () => {
    const { store, counts } = countingStore()
    await Promise.all(['u5', 'u6', 'u5', 'u6'].map((u, i) => executeBooks(store, u, add(u, `Bill ${i}`))))
    expect(counts.appends).toBe(2)
    expect((await loadBooks(store, 'u5')).revision).toBe(1n)
    expect((await loadBooks(store, 'u6')).revision).toBe(1n)
  })
})
